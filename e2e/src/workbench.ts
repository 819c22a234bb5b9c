import { Page } from 'playwright-core';
import { OutputMarkers, parseRunEnd, RunEnd } from '@fs-perf/benchmark-core';
import { waitFor } from './processes';
import { WorkbenchSelectors } from './workbench-selectors';

/** One line of the Output view, as the channel holds it (its wrapped rows joined). */
export interface OutputLine {
    readonly text: string;
    /** Where its first row is drawn, px from the top of the channel's text: tells repeated lines apart. */
    readonly top: number;
}

/** One rendered row of the Output view's editor. */
export interface OutputRow {
    readonly text: string;
    readonly top: number;
}

export interface Notification {
    readonly severity: 'error' | 'warning' | 'info';
    readonly message: string;
    /** Labels of its buttons, e.g. `Cancel`, `Open Folder`. */
    readonly buttons: readonly string[];
    /** It shows a running operation's progress. */
    readonly progress: boolean;
}

export interface CommandOptions {
    /** Answers to the prompts the command shows, in order (each typed, then Enter). */
    readonly answers?: readonly string[];
    /** How long the command may take to appear in the palette (extensions register late), ms. */
    readonly timeoutMs?: number;
}

export interface WaitOptions {
    /** ms */
    readonly timeoutMs?: number;
    /** Called with the message of the FS Perf progress notification each time it is polled. */
    readonly onProgress?: (message: string) => void;
}

/** A command of the FS Perf extensions that has started; it ends with a line in the Output view. */
export interface Operation<T> {
    end(options?: WaitOptions): Promise<T>;
}

/** How "Generate Test Files" ended, read from its Output line. */
export type GenerateEnd =
    | { readonly status: 'completed'; readonly summary: string }
    | { readonly status: 'failed' | 'cancelled'; readonly message: string };

export function parseGenerateEnd(line: string): GenerateEnd | undefined {
    const text = line.trim();
    if (text.startsWith(OutputMarkers.testFilesReady)) {
        return { status: 'completed', summary: text };
    }
    if (text.startsWith(OutputMarkers.generateFailed)) {
        return { status: 'failed', message: text.slice(OutputMarkers.generateFailed.length) };
    }
    return text === OutputMarkers.generateCancelled ? { status: 'cancelled', message: text } : undefined;
}

/** Notifications of the FS Perf extensions (all of them name it, or its settings). */
const FS_PERF_NOTIFICATION = /FS Perf|fsPerf\./;
/** An error notification shown while its operation writes its end line: how long to wait for that line, ms. */
const END_LINE_GRACE_MS = 2000;
/** Monaco keeps room for the vertical scrollbar (14 px) and the cursor (2 px) when it wraps lines. */
const MONACO_WRAP_RESERVE_PX = 16;
/** Monaco's default `wordWrapBreakAfterCharacters` / `wordWrapBreakBeforeCharacters` (their ASCII part). */
const BREAK_AFTER = new Set(' \t})]?|/&.,;');
const BREAK_BEFORE = new Set('([{+');

function escapeRegExp(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function exactly(text: string): RegExp {
    return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}

/** Length of what Monaco keeps together at the start of `text`: up to its first wrap opportunity. */
function firstWrapUnit(text: string): number {
    for (let index = 1; index < text.length; index++) {
        const previous = text[index - 1];
        const character = text[index];
        if (character !== ' ' && ((BREAK_AFTER.has(previous) && !BREAK_AFTER.has(character)) || (!BREAK_BEFORE.has(previous) && BREAK_BEFORE.has(character)))) {
            return index;
        }
    }
    return text.length;
}

/**
 * Joins the rows Monaco wrapped a long line into (the Output views wrap at the view's width) back into
 * lines. A row continues on the next one when Monaco could not have fitted the next row's first unbreakable
 * piece onto it, which is why it wrapped there; a line that ends within that piece of the edge would be
 * joined too, which fs-perf's Output lines (far shorter than a row, or wrapped) never do. Continuation
 * rows carry the line's indentation again (`wrappingIndent: 'same'`), which is removed.
 */
export function joinWrappedRows(rows: readonly OutputRow[], wrappingColumn: number | undefined): OutputLine[] {
    const lines: { text: string; top: number; lastRow: string; indent: number }[] = [];
    for (const row of rows) {
        const line = lines.at(-1);
        const rest = line ? row.text.slice(Math.min(line.indent, row.text.length - row.text.trimStart().length)) : row.text;
        if (line && wrappingColumn !== undefined && rest.length > 0 && line.lastRow.length + firstWrapUnit(rest) > wrappingColumn) {
            line.text += rest;
            line.lastRow = row.text;
        } else {
            lines.push({ text: row.text, top: row.top, lastRow: row.text, indent: row.text.length - row.text.trimStart().length });
        }
    }
    return lines.map(({ text, top }) => ({ text, top }));
}

function lineKey(line: OutputLine): string {
    return `${line.top}\u0000${line.text}`;
}

/**
 * The workbench of one editor, driven like a person: the command palette (and the prompts a command shows),
 * the Output view, notifications and their buttons, and the FS Perf commands that run until they write an
 * end line (see `OutputMarkers`). In the way of Theia's playwright page objects and VS Code's
 * `test/automation`; what differs between the editors is only their {@link WorkbenchSelectors}.
 */
export class Workbench {
    constructor(readonly page: Page, readonly selectors: WorkbenchSelectors) { }

    get editorName(): string {
        return this.selectors.editorName;
    }

    async waitUntilReady(timeoutMs: number): Promise<void> {
        const deadline = Date.now() + timeoutMs;
        const left = (): number => Math.max(1, deadline - Date.now());
        for (const selector of this.selectors.ready) {
            await this.page.waitForSelector(selector, { state: 'visible', timeout: left() });
        }
        if (this.selectors.loading) {
            await this.page.waitForSelector(this.selectors.loading, { state: 'detached', timeout: left() });
        }
    }

    /**
     * Runs a command the way a person does: F1, `>` and its title, click the row labelled exactly so (Enter
     * could pick a fuzzier match), then answers its prompts. The palette lists the commands known when it
     * opens, so until the extension's contributions are registered it is reopened.
     */
    async runCommand(title: string, options: CommandOptions = {}): Promise<void> {
        const input = this.page.locator(this.selectors.quickInputBox);
        await waitFor(`"${title}" in the command palette of ${this.editorName}`, async () => {
            await this.page.keyboard.press('F1');
            await input.waitFor({ state: 'visible', timeout: 10_000 });
            await input.fill(`>${title}`);
            const row = this.page.locator(this.selectors.quickInputRowLabel).filter({ hasText: exactly(title) }).first();
            try {
                await row.waitFor({ state: 'visible', timeout: 3000 });
            } catch {
                await this.page.keyboard.press('Escape');
                return undefined;
            }
            await row.click();
            return true;
        }, options.timeoutMs ?? 120_000, 500);
        let prompt = '';
        for (const answer of options.answers ?? []) {
            const answered = prompt;
            prompt = await waitFor(`a prompt of "${title}" after ${answered ? `"${answered}"` : 'the palette'}`, async () => {
                const current = await this.promptText();
                return current !== '' && current !== answered && await input.isVisible() ? current : undefined;
            }, 30_000, 100);
            await input.fill(answer);
            await input.press('Enter');
        }
        try {
            await input.waitFor({ state: 'hidden', timeout: 10_000 });
        } catch {
            throw new Error(`"${title}" left its prompt open in ${this.editorName}: ${await this.promptText() || 'no prompt text'}`);
        }
    }

    /** The prompt's title, or its message when it has no title. */
    protected async promptText(): Promise<string> {
        const read = async (selector: string): Promise<string> => {
            const element = this.page.locator(selector).first();
            return await element.isVisible() ? (await element.innerText()).trim() : '';
        };
        return await read(this.selectors.quickInputTitle) || read(this.selectors.quickInputMessage);
    }

    /** The Output lines in view (the end of the channel shown, unless scrolled), top to bottom, wrapped rows joined. */
    async outputLines(): Promise<OutputLine[]> {
        const { rows, wrappingColumn } = await this.page.$$eval(this.selectors.outputRows, (elements, contentSelector) => {
            const rendered = elements.map(element => ({
                top: parseFloat((element as HTMLElement).style.top) || 0,
                text: (element.textContent ?? '').replace(/\u00a0/g, ' '),
                width: element.firstElementChild?.getBoundingClientRect().width ?? 0,
            })).sort((a, b) => a.top - b.top);
            // Monospace: the widest row gives the width of a character.
            const widest = rendered.reduce((a, b) => (b.text.length > a.text.length ? b : a), { text: '', width: 0, top: 0 });
            const content = document.querySelector(contentSelector)?.getBoundingClientRect().width;
            return {
                rows: rendered.map(({ top, text }) => ({ top, text })),
                contentWidth: content,
                characterWidth: widest.text.length > 0 ? widest.width / widest.text.length : undefined,
            };
        }, this.selectors.outputContent).then(measured => ({
            rows: measured.rows,
            wrappingColumn: measured.contentWidth && measured.characterWidth
                ? Math.floor((measured.contentWidth - MONACO_WRAP_RESERVE_PX) / measured.characterWidth) : undefined,
        }));
        return joinWrappedRows(rows, wrappingColumn);
    }

    /** Waits until an Output line in view matches `pattern`; returns the lines in view then. */
    async waitForOutputLine(pattern: RegExp, timeoutMs = 120_000): Promise<string[]> {
        let last: string[] = [];
        try {
            return await waitFor(`an Output line matching ${pattern} in ${this.editorName}`, async () => {
                last = (await this.outputLines()).map(line => line.text);
                return last.some(line => pattern.test(line)) ? last : undefined;
            }, timeoutMs, 250);
        } catch (error) {
            throw new Error(`${(error as Error).message} The Output view showed:\n${last.join('\n')}`);
        }
    }

    /** The notifications shown now. */
    async notifications(): Promise<Notification[]> {
        const found = await this.page.$$eval(this.selectors.notification, (items, selectors) => items
            .filter(item => item.getClientRects().length > 0)
            .map(item => {
                const text = (element: Element | null): string => (element?.textContent ?? '').replace(/\u00a0/g, ' ').trim();
                const severity: 'error' | 'warning' | 'info' = item.querySelector(selectors.notificationError) ? 'error'
                    : item.querySelector(selectors.notificationWarning) ? 'warning' : 'info';
                return {
                    severity,
                    message: text(item.querySelector(selectors.notificationMessage)),
                    buttons: Array.from(item.querySelectorAll(selectors.notificationButton), text),
                    progress: Boolean(item.querySelector(selectors.notificationProgress)),
                };
            }), this.selectors);
        // Theia lists a notification twice when its notification center is open too.
        return [...new Map(found.map(notification => [JSON.stringify(notification), notification])).values()];
    }

    /** Waits until a notification shown satisfies `condition` (`what` names it in the timeout's message). */
    async waitForNotification(what: string, condition: (notification: Notification) => boolean, timeoutMs = 60_000): Promise<Notification> {
        return waitFor(`${what} in ${this.editorName}`, async () => (await this.notifications()).find(condition), timeoutMs, 250);
    }

    /** Clicks the button labelled `button` of a notification whose message matches `message`. */
    async clickNotificationButton(message: string | RegExp, button: string, timeoutMs = 30_000): Promise<void> {
        const label = exactly(button);
        await this.page.locator(this.selectors.notification)
            .filter({ visible: true })
            .filter({ has: this.page.locator(this.selectors.notificationMessage, { hasText: message }) })
            .locator(this.selectors.notificationButton, { hasText: label })
            .first()
            .click({ timeout: timeoutMs });
    }

    /**
     * Runs an FS Perf command that measures ("Run Benchmark", "Run All", ...) and returns once the run has
     * started (its progress shows) or already ended. Fails at once when the command is refused or fails
     * before it starts (an FS Perf error or warning notification), e.g. while another run is going.
     */
    startRun(title: string, options: CommandOptions = {}): Promise<Operation<RunEnd>> {
        return this.startOperation(title, parseRunEnd, options);
    }

    /** Runs an FS Perf benchmark command to its end; returns the results file it wrote (path or URI), or fails with the reason it did not complete. */
    async runToCompletion(title: string, options: CommandOptions & WaitOptions = {}): Promise<string> {
        const end = await (await this.startRun(title, options)).end(options);
        if (end.status !== 'completed') {
            throw new Error(`"${title}" did not complete in ${this.editorName}: ${end.status === 'failed' ? `${OutputMarkers.runStopped}${end.message}` : OutputMarkers.runCancelled}`);
        }
        return end.resultsLocation;
    }

    /** Runs an FS Perf "Generate Test Files" command to its end; returns its summary line, or fails with the reason. */
    async generateTestFiles(title: string, options: WaitOptions = {}): Promise<string> {
        const end = await (await this.startOperation(title, parseGenerateEnd)).end(options);
        if (end.status !== 'completed') {
            throw new Error(`"${title}" did not complete in ${this.editorName}: ${end.message}`);
        }
        return end.summary;
    }

    /**
     * Runs a command that ends with a line `parseEnd` recognises; only a line that was not in view before the
     * command counts. Started: a new FS Perf progress notification (unless one showed already: the extension
     * is busy and will refuse), or already an end line.
     */
    async startOperation<T>(title: string, parseEnd: (line: string) => T | undefined, options: CommandOptions = {}): Promise<Operation<T>> {
        const seen = new Set((await this.outputLines()).map(lineKey));
        const before = await this.notifications();
        const isProblem = (notification: Notification): boolean => notification.severity !== 'info' && FS_PERF_NOTIFICATION.test(notification.message);
        const isProgress = (notification: Notification): boolean => notification.progress && FS_PERF_NOTIFICATION.test(notification.message);
        const busy = before.some(isProgress);
        const knownProblems = new Set(before.filter(isProblem).map(notification => notification.message));
        await this.runCommand(title, options);
        const newEnd = async (): Promise<T | undefined> => {
            for (const line of (await this.outputLines()).reverse()) {
                const end = seen.has(lineKey(line)) ? undefined : parseEnd(line.text);
                if (end !== undefined) {
                    return end;
                }
            }
            return undefined;
        };
        let problemSince: number | undefined;
        await waitFor(`"${title}" to start in ${this.editorName}`, async () => {
            if (await newEnd() !== undefined) {
                return true;
            }
            const notifications = await this.notifications();
            const problem = notifications.find(notification => isProblem(notification) && !knownProblems.has(notification.message));
            if (problem) {
                // The extensions write the end line first: give the Output view a moment to show it.
                problemSince ??= Date.now();
                if (Date.now() - problemSince > END_LINE_GRACE_MS) {
                    throw new Error(`"${title}" did not start in ${this.editorName}: ${problem.message}`);
                }
                return undefined;
            }
            return !busy && notifications.some(isProgress) ? true : undefined;
        }, 120_000, 250);
        return {
            end: (wait = {}) => waitFor(`"${title}" to end in ${this.editorName} (its last line in the Output view)`, async () => {
                const end = await newEnd();
                if (end === undefined && wait.onProgress) {
                    const progress = (await this.notifications()).find(isProgress);
                    if (progress) {
                        wait.onProgress(progress.message);
                    }
                }
                return end;
            }, wait.timeoutMs ?? 30 * 60_000, 500),
        };
    }
}
