import { BaseWidget, codicon } from '@theia/core/lib/browser/widgets/widget';

/** Theia's colours under the names the report page's editor theme reads (VS Code's webview variables). */
const THEME_VARIABLES: readonly (readonly [string, string])[] = [
    ['--vscode-editor-foreground', '--theia-editor-foreground'],
    ['--vscode-editor-background', '--theia-editor-background'],
    ['--vscode-panel-border', '--theia-panel-border'],
    ['--vscode-editorWidget-background', '--theia-editorWidget-background'],
    ['--vscode-font-family', '--theia-ui-font-family'],
];

/**
 * "FS Perf: Show Report (Theia)": the report page in the main area, in a sandboxed frame (no script, its own origin),
 * in the colours of Theia's theme at the time it is shown.
 */
export class FsPerfReportWidget extends BaseWidget {
    static readonly ID = 'fs-perf-report';

    protected readonly frame: HTMLIFrameElement;

    constructor() {
        super();
        this.id = FsPerfReportWidget.ID;
        this.title.label = 'FS Perf Report';
        this.title.caption = 'FS Performance report';
        this.title.closable = true;
        this.title.iconClass = codicon('graph');
        this.addClass('fs-perf-report');
        this.node.style.overflow = 'hidden';
        this.frame = document.createElement('iframe');
        this.frame.setAttribute('sandbox', '');
        this.frame.setAttribute('title', 'FS Performance report');
        Object.assign(this.frame.style, { width: '100%', height: '100%', border: 'none' });
        this.node.appendChild(this.frame);
    }

    setReport(title: string, html: string): void {
        this.title.label = title;
        const style = getComputedStyle(document.documentElement);
        const variables = THEME_VARIABLES.map(([name, theia]) => [name, style.getPropertyValue(theia).trim()] as const)
            .filter(([, value]) => value.length > 0 && !/[<>{};]/.test(value))
            .map(([name, value]) => `${name}: ${value};`).join(' ');
        this.frame.srcdoc = html.replace('<head>', `<head>\n<style>:root { ${variables} }</style>`);
    }
}
