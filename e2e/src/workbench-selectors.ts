/**
 * Where each editor's workbench shows what the drivers use: one table per editor version, the only place
 * that knows their DOM. Both quick inputs, Output views and notification rows are Monaco's or look alike,
 * so one {@link Workbench} drives both with these tables.
 */
export interface WorkbenchSelectors {
    /** The editor, in messages. */
    readonly editorName: string;
    /** Visible once the workbench is laid out... */
    readonly ready: readonly string[];
    /** ...and this loading overlay, if any, gone. */
    readonly loading?: string;
    /** The text box of the quick input (command palette and prompts). */
    readonly quickInputBox: string;
    /** The label of one row of the quick input's list (a command's "Category: Title"). */
    readonly quickInputRowLabel: string;
    /** The title and the message of a prompt. */
    readonly quickInputTitle: string;
    readonly quickInputMessage: string;
    /** The rendered rows of the Output view's editor (a long line wraps over several). */
    readonly outputRows: string;
    /** The Output editor's text area, whose width sets where lines wrap. */
    readonly outputContent: string;
    /** One notification (toast); the others are inside it. */
    readonly notification: string;
    readonly notificationMessage: string;
    readonly notificationButton: string;
    /** Present in an error or warning notification. */
    readonly notificationError: string;
    readonly notificationWarning: string;
    /** Present while a notification shows a running operation's progress. */
    readonly notificationProgress: string;
}

/** Eclipse Theia 1.74 (browser app and Electron app). */
export const THEIA_1_74: WorkbenchSelectors = {
    editorName: 'Theia',
    ready: ['#theia-app-shell'],
    loading: '.theia-preload',
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRowLabel: '.quick-input-widget .monaco-list-row .label-name',
    quickInputTitle: '.quick-input-widget .quick-input-title',
    quickInputMessage: '.quick-input-widget .quick-input-message',
    outputRows: '#outputView .view-lines .view-line',
    outputContent: '#outputView .monaco-editor .editor-scrollable',
    notification: '.theia-notification-list-item',
    notificationMessage: '.theia-notification-message',
    notificationButton: '.theia-notification-buttons button',
    notificationError: '.theia-notification-icon.error',
    notificationWarning: '.theia-notification-icon.warning',
    notificationProgress: '.theia-notification-item-progress',
};

/** VS Code 1.100 (code-server 4.100). */
export const VSCODE_1_100: WorkbenchSelectors = {
    editorName: 'code-server',
    ready: ['.monaco-workbench .part.statusbar'],
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRowLabel: '.quick-input-widget .quick-input-list .monaco-list-row .label-name',
    quickInputTitle: '.quick-input-widget .quick-input-title',
    quickInputMessage: '.quick-input-widget .quick-input-message',
    outputRows: '.part.panel .output-view .monaco-editor .view-lines .view-line',
    outputContent: '.part.panel .output-view .monaco-editor .editor-scrollable',
    notification: '.notifications-toasts .notification-toast',
    notificationMessage: '.notification-list-item-message',
    notificationButton: '.notification-list-item-buttons-container .monaco-button',
    notificationError: '.notification-list-item-icon.codicon-error',
    notificationWarning: '.notification-list-item-icon.codicon-warning',
    notificationProgress: '.monaco-progress-container.active',
};
