import { Page } from 'playwright-core';
import { waitFor } from '../util/processes';
import { WorkbenchSelectors } from './workbench-selectors';

export interface CommandOptions {
    /**
     * Answers to the prompts the command shows, in order: text is typed, then Enter; `pick` chooses the item labelled so;
     * `pickAll` checks every item of a pick of several, then accepts.
     */
    readonly answers?: readonly (string | { readonly pick: string } | { readonly pickAll: true })[];
    /** How long the command may take to appear in the palette (extensions register late), ms. */
    readonly timeoutMs?: number;
}

interface PromptState {
    readonly visible: boolean;
    /** Tells prompts apart: the title, else the message, else the placeholder. */
    readonly key: string;
    /** The message under the box (a prompt, or why the answer is not valid). */
    readonly message: string;
    readonly value: string;
}

/** How long a command picked from the palette may take to show its first prompt before it is picked again, ms, and how often. */
const FIRST_PROMPT_MS = 10_000;
const FIRST_PROMPT_ATTEMPTS = 3;

function escapeRegExp(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a label that is exactly `text` (whitespace around it aside). */
export function exactly(text: string): RegExp {
    return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}

/**
 * An editor's quick input driven like a person: the command palette (F1, `>` and a command's title, a click on its row)
 * and the prompts the command shows after it. What differs between the editors is only their {@link WorkbenchSelectors}.
 */
export class QuickInput {
    constructor(
        protected readonly page: Page,
        protected readonly selectors: WorkbenchSelectors,
        /** The notifications shown now, as text, for an error that needs them. */
        protected readonly shownNotifications: () => Promise<string[]>,
    ) { }

    /**
     * Runs a command the way a person does: F1, `>` and its title, click the row labelled exactly so, then
     * answer its prompts. The palette lists the commands known when it opens, so until the extension's
     * contributions are registered it is reopened.
     */
    async runCommand(title: string, options: CommandOptions = {}): Promise<void> {
        const input = this.page.locator(this.selectors.quickInputBox);
        const answers = options.answers ?? [];
        let answered = await this.pickFromPalette(title, options.timeoutMs ?? 120_000);
        if (answers.length > 0) {
            // Once in CI (Theia, the 80th run of "Run All with Options..." in a row on one page) the first prompt never showed,
            // cause not found: the palette closing it as it hid, or a refusal. Until a prompt is answered the command runs
            // nothing, so picking it again is safe; a refusal repeats and ends in the error below with its notification.
            for (let attempt = 1; ; attempt++) {
                const first = await this.nextPrompt(title, answered, FIRST_PROMPT_MS).catch(() => undefined);
                if (first) {
                    answered = first;
                    break;
                }
                if (attempt === FIRST_PROMPT_ATTEMPTS) {
                    const shown = await this.shownNotifications();
                    throw new Error(`"${title}" showed no prompt in ${this.selectors.editorName} after being picked ${attempt} times from the command palette`
                        + ` (${FIRST_PROMPT_MS / 1000} s each)${shown.length > 0 ? `; notifications: ${shown.join(' | ')}` : ''}.`);
                }
                answered = await this.pickFromPalette(title, options.timeoutMs ?? 120_000);
            }
        }
        for (const [index, answer] of answers.entries()) {
            if (index > 0) {
                answered = await this.nextPrompt(title, answered, 30_000);
            }
            if (typeof answer === 'string') {
                await input.fill(answer);
                await input.press('Enter');
            } else if ('pickAll' in answer) {
                await this.page.locator(this.selectors.quickInputCheckAll).check({ timeout: 10_000 });
                await input.press('Enter');
            } else {
                await input.fill(answer.pick);
                await this.clickQuickInputRow(answer.pick, 3000).catch(async error => {
                    await this.page.keyboard.press('Escape');
                    throw new Error(`"${title}" offers no "${answer.pick}" in ${this.selectors.editorName}: ${(error as Error).message.split('\n')[0]}`);
                });
            }
        }
        try {
            await input.waitFor({ state: 'hidden', timeout: 10_000 });
        } catch {
            const left = await this.promptState();
            await this.page.keyboard.press('Escape');
            throw new Error(`"${title}" left its prompt open in ${this.selectors.editorName}: ${left.key || 'no prompt text'}${left.message ? ` (${left.message})` : ''}`);
        }
    }

    /**
     * F1, `>` and the title, then a click on the row labelled exactly so; the palette lists the commands known when it
     * opens, so until the extension's contributions are registered it is reopened. Returns the palette's prompt.
     */
    protected async pickFromPalette(title: string, timeoutMs: number): Promise<PromptState> {
        const input = this.page.locator(this.selectors.quickInputBox);
        return waitFor(`"${title}" in the command palette of ${this.selectors.editorName}`, async () => {
            await this.page.keyboard.press('F1');
            try {
                await input.waitFor({ state: 'visible', timeout: 10_000 });
                await input.fill(`>${title}`, { timeout: 5000 });
            } catch {
                // Once in CI (Theia, the 39th pair of a comparison) the palette hid as it opened, and the fill waited on a
                // box no longer visible: F1 again, within this wait's time.
                if (await input.isVisible()) {
                    await this.page.keyboard.press('Escape');
                }
                return undefined;
            }
            const palette = await this.promptState();
            try {
                await this.clickQuickInputRow(title, 3000);
                return palette;
            } catch {
                await this.page.keyboard.press('Escape');
                return undefined;
            }
        }, timeoutMs, 500);
    }

    /** The command's next prompt: one that asks something other than `previous` (the palette's text starts with '>'). */
    protected async nextPrompt(title: string, previous: PromptState, timeoutMs: number): Promise<PromptState> {
        return waitFor(`a prompt of "${title}" after "${previous.key}"`, async () => {
            const current = await this.promptState();
            return current.visible && current.key !== '' && current.key !== previous.key && !current.value.startsWith('>') ? current : undefined;
        }, timeoutMs, 100);
    }

    /** Clicks the quick input's row labelled exactly `label` (Enter could pick a fuzzier match). */
    protected async clickQuickInputRow(label: string, timeoutMs: number): Promise<void> {
        const row = this.page.locator(this.selectors.quickInputRowLabel).filter({ hasText: exactly(label) }).first();
        await row.waitFor({ state: 'visible', timeout: timeoutMs });
        await row.click();
    }

    /** What the quick input asks now: its title, else its message, else its placeholder. */
    protected async promptState(): Promise<PromptState> {
        const input = this.page.locator(this.selectors.quickInputBox).first();
        const visible = await input.isVisible();
        const text = async (selector: string): Promise<string> => {
            const element = this.page.locator(selector).first();
            return visible && await element.isVisible() ? (await element.innerText()).trim() : '';
        };
        const title = await text(this.selectors.quickInputTitle);
        const message = await text(this.selectors.quickInputMessage);
        const placeholder = visible ? (await input.getAttribute('placeholder') ?? '') : '';
        return { visible, key: title || message || placeholder, message, value: visible ? await input.inputValue() : '' };
    }
}
