/** Something that releases what it holds (a process, a browser, a folder). */
export interface Disposable {
    dispose(): Promise<void> | void;
}

export namespace Disposable {
    export function create(dispose: () => Promise<void> | void): Disposable {
        return { dispose };
    }
}

/**
 * The resources one owner acquired, released together: like Theia's `DisposableCollection`, for
 * asynchronous releases. Push each resource as soon as it is acquired; `dispose()` releases them in reverse
 * order (a browser before the server it shows, a server before the folder it writes to), every one of them
 * even when an earlier release fails, and then throws what failed.
 */
export class DisposableCollection implements Disposable {
    protected readonly disposables: Disposable[] = [];
    protected disposing?: Promise<void>;

    push(disposable: Disposable | (() => Promise<void> | void)): void {
        const item = typeof disposable === 'function' ? Disposable.create(disposable) : disposable;
        if (this.disposing) {
            // Acquired while the owner is being released (a start-up step that was still running): release it at once.
            void Promise.resolve().then(() => item.dispose()).catch(error => console.error(`Releasing a late resource failed: ${error}`));
            return;
        }
        this.disposables.push(item);
    }

    get disposed(): boolean {
        return this.disposing !== undefined;
    }

    /** Releases everything pushed, last first; a second call waits for the first. */
    dispose(): Promise<void> {
        this.disposing ??= this.disposeAll();
        return this.disposing;
    }

    protected async disposeAll(): Promise<void> {
        const failures: Error[] = [];
        while (this.disposables.length > 0) {
            try {
                await this.disposables.pop()!.dispose();
            } catch (error) {
                failures.push(error instanceof Error ? error : new Error(String(error)));
            }
        }
        if (failures.length === 1) {
            throw failures[0];
        }
        if (failures.length > 1) {
            throw new AggregateError(failures, failures.map(failure => failure.message).join('; '));
        }
    }
}
