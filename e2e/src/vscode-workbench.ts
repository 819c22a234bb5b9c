import { Page } from 'playwright-core';
import { waitFor } from './processes';

/** Selectors of VS Code's workbench (1.100) that the UI tests rely on. */
export const VSCODE_SELECTORS = {
    workbench: '.monaco-workbench',
    statusBar: '.monaco-workbench .part.statusbar',
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRow: '.quick-input-widget .quick-input-list .monaco-list-row',
    outputLines: '.part.panel .output-view .monaco-editor .view-lines .view-line',
    notificationToast: '.notifications-toasts .notification-toast',
} as const;

export async function waitForWorkbench(page: Page): Promise<void> {
    await page.waitForSelector(VSCODE_SELECTORS.workbench, { timeout: 90_000 });
    await page.waitForSelector(VSCODE_SELECTORS.statusBar, { timeout: 90_000 });
}

/**
 * Runs a command the way a person does: F1, type `>` and its title, pick the row. The palette lists the
 * commands known when it opens, so until the extension's contributions are registered it is reopened.
 */
export async function runCommandFromPalette(page: Page, title: string, timeoutMs = 90_000): Promise<void> {
    await waitFor(`"${title}" in the command palette`, async () => {
        await page.keyboard.press('F1');
        const input = page.locator(VSCODE_SELECTORS.quickInputBox);
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill(`>${title}`);
        const row = page.locator(VSCODE_SELECTORS.quickInputRow).filter({ hasText: title }).first();
        try {
            await row.waitFor({ state: 'visible', timeout: 3000 });
        } catch {
            await page.keyboard.press('Escape');
            return undefined;
        }
        await row.click();
        return true;
    }, timeoutMs, 500);
}

/** The lines of the Output view that are rendered (the visible ones), top to bottom, spaces restored. */
export async function visibleOutputLines(page: Page): Promise<string[]> {
    return page.$$eval(VSCODE_SELECTORS.outputLines, elements => elements
        .map(element => ({ top: parseFloat((element as HTMLElement).style.top) || 0, text: (element.textContent ?? '').replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map(line => line.text));
}

/** Waits until a rendered Output line matches `pattern`; returns all rendered lines then. */
export async function waitForOutputLine(page: Page, pattern: RegExp, timeoutMs = 120_000): Promise<string[]> {
    return waitFor(`an Output line matching ${pattern}`, async () => {
        const lines = await visibleOutputLines(page);
        return lines.some(line => pattern.test(line)) ? lines : undefined;
    }, timeoutMs, 250);
}

/** Text of the visible notification toasts. */
export async function notificationTexts(page: Page): Promise<string[]> {
    return page.$$eval(VSCODE_SELECTORS.notificationToast, elements => elements.map(element => (element.textContent ?? '').replace(/\u00a0/g, ' ')));
}

/** The message line of each visible notification toast (without its buttons and source). */
export async function notificationMessages(page: Page): Promise<string[]> {
    return page.$$eval(`${VSCODE_SELECTORS.notificationToast} .notification-list-item-message`,
        elements => elements.map(element => (element.textContent ?? '').replace(/\u00a0/g, ' ').trim()));
}
