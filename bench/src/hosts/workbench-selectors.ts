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
    /** The checkbox that checks every item of a pick of several. */
    readonly quickInputCheckAll: string;
    /** The title and the message of a prompt. */
    readonly quickInputTitle: string;
    readonly quickInputMessage: string;
    /** The Output view, present while it is open; the channel shown is a Monaco editor in it. */
    readonly outputView: string;
    /** The palette title of the command that asks which Output channel to show. */
    readonly showOutputChannelCommand: string;
    /** One notification (toast); the others are inside it. */
    readonly notification: string;
    readonly notificationMessage: string;
    readonly notificationButton: string;
    /** Present in an error or warning notification. */
    readonly notificationError: string;
    readonly notificationWarning: string;
    /** Present while a notification shows a running operation's progress. */
    readonly notificationProgress: string;
    /** A modal dialog (a confirmation) while it shows, and its buttons. */
    readonly dialog: string;
    readonly dialogButton: string;
}

/** Eclipse Theia 1.74 (browser app and Electron app). */
export const THEIA_1_74: WorkbenchSelectors = {
    editorName: 'Theia',
    ready: ['#theia-app-shell'],
    loading: '.theia-preload',
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRowLabel: '.quick-input-widget .monaco-list-row .label-name',
    quickInputCheckAll: '.quick-input-widget .quick-input-header [role="checkbox"]',
    quickInputTitle: '.quick-input-widget .quick-input-title',
    quickInputMessage: '.quick-input-widget .quick-input-message',
    outputView: '#outputView',
    showOutputChannelCommand: 'Output: Show Output Channel...',
    notification: '.theia-notification-list-item',
    notificationMessage: '.theia-notification-message',
    notificationButton: '.theia-notification-buttons button',
    notificationError: '.theia-notification-icon.error',
    notificationWarning: '.theia-notification-icon.warning',
    notificationProgress: '.theia-notification-item-progress',
    dialog: '.dialogOverlay .dialogBlock',
    dialogButton: '.dialogOverlay .dialogControl button.theia-button',
};

/** VS Code 1.100 (code-server 4.100). */
export const VSCODE_1_100: WorkbenchSelectors = {
    editorName: 'code-server',
    ready: ['.monaco-workbench .part.statusbar'],
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRowLabel: '.quick-input-widget .quick-input-list .monaco-list-row .label-name',
    quickInputCheckAll: '.quick-input-widget .quick-input-header [role="checkbox"]',
    quickInputTitle: '.quick-input-widget .quick-input-title',
    quickInputMessage: '.quick-input-widget .quick-input-message',
    outputView: '.part.panel .output-view',
    showOutputChannelCommand: 'Output: Show Output Channels...',
    notification: '.notifications-toasts .notification-toast',
    notificationMessage: '.notification-list-item-message',
    notificationButton: '.notification-list-item-buttons-container .monaco-button',
    notificationError: '.notification-list-item-icon.codicon-error',
    notificationWarning: '.notification-list-item-icon.codicon-warning',
    notificationProgress: '.monaco-progress-container.active',
    dialog: '.monaco-dialog-box',
    dialogButton: '.monaco-dialog-box .dialog-buttons .monaco-button',
};
