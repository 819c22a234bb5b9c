import { Frame, Page } from 'playwright-core';
import { OUTPUT_CHANNEL_NAME, OutputMarkers, parseRunEnd, RunEnd } from '@fs-perf/benchmark-core';
import { waitFor } from '../util/processes';
import { joinWrappedRows, OutputLine } from './output-rows';
import { CommandOptions, exactly, QuickInput } from './quick-input';
import { WorkbenchSelectors } from './workbench-selectors';

export interface Notification {
    readonly severity: 'error' | 'warning' | 'info';
    readonly message: string;
    /** Labels of its buttons, e.g. `Cancel`, `Open Folder`. */
    readonly buttons: readonly string[];
    /** It shows a running operation's progress. */
    readonly progress: boolean;
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
/** Inside the Output view: the Monaco editor showing the channel, its rendered rows and its text area (whose width sets where lines wrap). */
const MONACO_EDITOR = '.monaco-editor';
const MONACO_ROWS = '.view-lines .view-line';
const MONACO_CONTENT = '.editor-scrollable';
/** Monaco keeps room for the vertical scrollbar (14 px) and the cursor (2 px) when it wraps lines. */
const MONACO_WRAP_RESERVE_PX = 16;

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
    protected readonly quickInput: QuickInput;

    constructor(readonly page: Page, readonly selectors: WorkbenchSelectors) {
        this.quickInput = new QuickInput(page, selectors, async () => (await this.notifications()).map(notification => `${notification.severity}: ${notification.message}`));
    }

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

    /** Runs a command from the palette and answers its prompts (see {@link QuickInput.runCommand}). */
    async runCommand(title: string, options: CommandOptions = {}): Promise<void> {
        await this.quickInput.runCommand(title, options);
    }

    /** The Output lines in view (the end of the channel shown, unless scrolled), top to bottom, wrapped rows joined. */
    async outputLines(): Promise<OutputLine[]> {
        const editor = `${this.selectors.outputView} ${MONACO_EDITOR}`;
        const measured = await this.page.$$eval(`${editor} ${MONACO_ROWS}`, (elements, contentSelector) => {
            const rendered = elements.map(element => ({
                top: parseFloat((element as HTMLElement).style.top) || 0,
                text: (element.textContent ?? '').replace(/\u00a0/g, ' '),
                width: element.firstElementChild?.getBoundingClientRect().width ?? 0,
            })).sort((a, b) => a.top - b.top);
            // Monospace: the widest row gives the width of a character.
            const widest = rendered.reduce((a, b) => (b.text.length > a.text.length ? b : a), { text: '', width: 0, top: 0 });
            return {
                rows: rendered.map(({ top, text }) => ({ top, text })),
                contentWidth: document.querySelector(contentSelector)?.getBoundingClientRect().width,
                characterWidth: widest.text.length > 0 ? widest.width / widest.text.length : undefined,
            };
        }, `${editor} ${MONACO_CONTENT}`);
        const wrappingColumn = measured.contentWidth && measured.characterWidth
            ? Math.floor((measured.contentWidth - MONACO_WRAP_RESERVE_PX) / measured.characterWidth) : undefined;
        return joinWrappedRows(measured.rows, wrappingColumn);
    }

    /**
     * The frame whose document contains `text` (a webview's page, Theia's sandboxed report frame), once there is one: what
     * the person sees in an editor's webview or frame.
     */
    async frameShowing(text: string, timeoutMs = 30_000): Promise<Frame> {
        return waitFor(`a frame showing "${text}" in ${this.editorName}`, async () => {
            for (const frame of this.page.frames()) {
                if ((await frame.content().catch(() => '')).includes(text)) {
                    return frame;
                }
            }
            return undefined;
        }, timeoutMs, 250);
    }

    /** Whether the Output view is open and shows the channel `name`. */
    async outputShows(name: string): Promise<boolean> {
        const uris = await this.page.$$eval(`${this.selectors.outputView} ${MONACO_EDITOR}`, editors => editors
            .filter(editor => editor.getClientRects().length > 0)
            .map(editor => editor.getAttribute('data-uri') ?? ''));
        return uris.some(uri => decodeURIComponent(uri).includes(name));
    }

    /**
     * Brings the Output channel `name` into view ("Output: Show Output Channel(s)..." and pick it), unless it
     * is in view already; false where there is no such channel (yet).
     */
    async showOutputChannel(name: string): Promise<boolean> {
        if (await this.outputShows(name)) {
            return true;
        }
        try {
            // Theia lists the command only once a channel exists.
            await this.runCommand(this.selectors.showOutputChannelCommand, { answers: [{ pick: name }], timeoutMs: 3000 });
        } catch {
            return false;
        }
        return waitFor(`the Output view to show "${name}"`, async () => (await this.outputShows(name)) || undefined, 5000, 100).catch(() => false);
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

    /** The text of the modal dialog in view (title, message, detail), once one shows. */
    async dialogText(timeoutMs = 30_000): Promise<string> {
        return waitFor(`a dialog in ${this.editorName}`, async () => {
            const dialog = this.page.locator(this.selectors.dialog).filter({ visible: true }).first();
            return await dialog.count() > 0 ? (await dialog.innerText()).replace(/\u00a0/g, ' ').trim() || undefined : undefined;
        }, timeoutMs, 100);
    }

    /** Clicks the button labelled `button` of the modal dialog in view, and waits until the dialog is gone. */
    async clickDialogButton(button: string, timeoutMs = 30_000): Promise<void> {
        await this.page.locator(this.selectors.dialogButton, { hasText: exactly(button) }).filter({ visible: true }).first().click({ timeout: timeoutMs });
        await this.page.waitForFunction(selector => !Array.from(document.querySelectorAll(selector)).some(dialog => dialog.getClientRects().length > 0),
            this.selectors.dialog, { timeout: timeoutMs });
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
     * Runs a command that ends with a line `parseEnd` recognises in the FS Perf Output channel; only a line
     * that was not in view before the command counts (the channel is brought into view first where it
     * exists; one that does not exist yet holds only this command's lines). Started: a new FS Perf progress
     * notification (unless one showed already: the extension is busy and will refuse), or already an end line.
     */
    async startOperation<T>(title: string, parseEnd: (line: string) => T | undefined, options: CommandOptions = {}): Promise<Operation<T>> {
        const channelInView = await this.showOutputChannel(OUTPUT_CHANNEL_NAME);
        const seen = new Set(channelInView ? (await this.outputLines()).map(lineKey) : []);
        const before = await this.notifications();
        const isProblem = (notification: Notification): boolean => notification.severity !== 'info' && FS_PERF_NOTIFICATION.test(notification.message);
        const isProgress = (notification: Notification): boolean => notification.progress && FS_PERF_NOTIFICATION.test(notification.message);
        const busy = before.some(isProgress);
        const knownProblems = new Set(before.filter(isProblem).map(notification => notification.message));
        await this.runCommand(title, options);
        let brought = channelInView;
        const newEnd = async (): Promise<T | undefined> => {
            // A channel the command created is brought into view (the extensions show it for a run, not always otherwise).
            brought ||= await this.showOutputChannel(OUTPUT_CHANNEL_NAME);
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
