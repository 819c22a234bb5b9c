import { inject, injectable } from '@theia/core/shared/inversify';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import {
    BenchmarkSettings, countProblem, FIXTURE_SIZE_LABELS, ITERATIONS_RANGE, parseSizeList, parseTreeSizeList, PRECISION_RANGE, RunOptions, scenarioInfoById, TREE_SIZE_LABELS,
    WARMUP_RANGE,
} from '@fs-perf/benchmark-core';

/**
 * Asks for the timed samples, warm-up samples, sizes and precision target of one run (prefilled from the preferences, which stay
 * unchanged), each validated as it is typed, and the tree sizes when the settings choose a big-tree scenario; undefined when
 * the person cancels.
 */
@injectable()
export class RunOptionsPrompt {
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;

    async ask(current: BenchmarkSettings): Promise<RunOptions | undefined> {
        const withTrees = current.scenarios.some(id => scenarioInfoById(id)?.target === 'tree');
        const title = (step: number): string => `FS Perf: Run All with Options (${step}/${withTrees ? 5 : 4})`;
        const count = (name: string, range: { min: number; max: number }) => async (text: string): Promise<string | undefined> =>
            countProblem(name, text.trim() === '' ? NaN : Number(text), range);
        const iterations = await this.quickInput.input({
            title: title(1), prompt: 'Timed samples per scenario and size', value: String(current.iterations),
            validateInput: count('Timed samples', ITERATIONS_RANGE),
        });
        if (iterations === undefined) {
            return undefined;
        }
        const warmup = await this.quickInput.input({
            title: title(2), prompt: 'Warm-up samples per scenario and size (reported apart)', value: String(current.warmup),
            validateInput: count('Warm-up samples', WARMUP_RANGE),
        });
        if (warmup === undefined) {
            return undefined;
        }
        const sizes = await this.quickInput.input({
            title: title(3), prompt: `Sizes, comma-separated (${FIXTURE_SIZE_LABELS.join(', ')})`, value: current.sizes.map(size => size.label).join(', '),
            validateInput: async text => {
                try {
                    parseSizeList(text);
                    return undefined;
                } catch (error) {
                    return (error as Error).message;
                }
            },
        });
        if (sizes === undefined) {
            return undefined;
        }
        const precision = await this.quickInput.input({
            title: title(4), prompt: 'Precision target, percent: sample on until each median\'s 95% interval is within it (0: exactly the timed samples)',
            value: String(current.precisionPercent ?? 0),
            validateInput: async text => {
                const value = text.trim() === '' ? NaN : Number(text);
                return value >= PRECISION_RANGE.min && value <= PRECISION_RANGE.max ? undefined
                    : `The precision target must be a percentage from ${PRECISION_RANGE.min} (off) to ${PRECISION_RANGE.max}, got ${text}.`;
            },
        });
        if (precision === undefined) {
            return undefined;
        }
        const treeSizes = withTrees ? await this.askTreeSizes(current, title(5)) : undefined;
        if (withTrees && treeSizes === undefined) {
            return undefined;
        }
        return {
            iterations: Number(iterations.trim()), warmup: Number(warmup.trim()), sizes: parseSizeList(sizes).map(size => size.label),
            precisionPercent: Number(precision.trim()), ...(treeSizes ? { treeSizes } : {}),
        };
    }

    /** The generated trees of this run (`1k, 10k`), asked only when a big-tree scenario is chosen. */
    protected async askTreeSizes(current: BenchmarkSettings, title: string): Promise<string[] | undefined> {
        const text = await this.quickInput.input({
            title, prompt: `Generated trees, comma-separated (${TREE_SIZE_LABELS.join(', ')}; 100k takes much longer)`,
            value: current.treeSizes.map(size => size.label).join(', '),
            validateInput: async input => {
                try {
                    parseTreeSizeList(splitList(input));
                    return undefined;
                } catch (error) {
                    return (error as Error).message;
                }
            },
        });
        return text === undefined ? undefined : parseTreeSizeList(splitList(text)).map(size => size.label);
    }
}

function splitList(text: string): string[] {
    return text.split(',').map(item => item.trim()).filter(item => item !== '');
}
