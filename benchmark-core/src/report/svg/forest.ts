import { Verdict, VERDICTS } from '../../stats/verdict';
import { formatChangeRatio } from '../blocks/numbers';
import { ForestChart, ForestRow } from '../model/types';
import { CHART_CLOSING, chartOpening, escapeXml, FONT_SIZE, formatTick, Frame, legend, legendHeight, MIN_TICKS, px, textWidth } from './frame';

/** The colour of a verdict's dot (Okabe and Ito's, never red beside green): slower vermillion, faster blue, no change black, inconclusive orange. */
const VERDICT_COLORS: Readonly<Record<Verdict, string>> = { 'slower': '#d55e00', 'faster': '#0072b2', 'no change': '#000000', 'inconclusive': '#e69f00' };
const FOREST_ROW_HEIGHT = 18;
/** Closest two labelled ticks of a forest plot's x axis, px. */
const FOREST_TICK_SPACING = 40;
/** Ratios the x axis of a forest plot may label, besides 1. */
const FOREST_TICKS = [1.01, 1.02, 1.05, 1.1, 1.2, 1.5, 2, 3, 5, 10, 20, 50, 100].flatMap(ratio => [ratio, Number((1 / ratio).toPrecision(2))]);

/**
 * A forest plot as SVG: a row per cell, each with its own line, its label on the left, a dot at its ratio coloured by
 * its verdict and a whisker for its interval, the ratio printed on the right; a log x axis symmetric around 1 with a
 * line at 1 and a band from 1 − to 1 + the noise threshold; a legend of the verdicts below.
 */
export function renderForestChartSvg(chart: ForestChart, plotWidth = 420): string {
    const rows = chart.rows.filter(row => [row.ratio, row.low, row.high].every(value => value > 0 && Number.isFinite(value)));
    if (rows.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const log = Math.log;
    const threshold = chart.noiseThreshold;
    // Symmetric around 1 on the log scale, wide enough for every whisker and twice the band.
    const reach = 1.08 * Math.max(...rows.flatMap(row => [Math.abs(log(row.low)), Math.abs(log(row.high))]),
        2 * Math.max(Math.abs(log(1 - Math.min(threshold, 0.5))), log(1 + threshold)), 0.01);
    const ratioText = (row: ForestRow): string => formatChangeRatio(row);
    const margin = {
        left: 16 + Math.max(...rows.map(row => textWidth(row.label))) + 10,
        right: 12 + Math.max(...rows.map(row => textWidth(ratioText(row)))) + 8,
        top: 36, bottom: 48,
    };
    const plotHeight = rows.length * FOREST_ROW_HEIGHT + 8;
    const width = Math.ceil(Math.max(margin.left + plotWidth + margin.right, textWidth(chart.title) * 14 / FONT_SIZE + 32));
    const frame: Frame = { width, margin, plotWidth, plotHeight };
    const x = (ratio: number): number => margin.left + ((log(ratio) + reach) / (2 * reach)) * plotWidth;
    const bottom = margin.top + plotHeight;
    const rowY = (index: number): number => margin.top + 4 + (index + 0.5) * FOREST_ROW_HEIGHT;
    const counts = VERDICTS.map(verdict => rows.filter(row => row.verdict === verdict).length);
    const band = `within ±${Math.round(threshold * 1000) / 10}%: noise`;
    const names = [...VERDICTS.map((verdict, index) => `${verdict} (${counts[index]})`), band];
    const height = bottom + margin.bottom + legendHeight(names, plotWidth) + 8;
    // Outward from 1 on each side, a tick where it is far enough from the one before to keep its label clear; closer where that leaves fewer than four.
    const ticksAt = (spacing: number): number[] => {
        const placed = [1];
        for (const side of [FOREST_TICKS.filter(tick => tick > 1), FOREST_TICKS.filter(tick => tick < 1)]) {
            let last = 1;
            for (const tick of side.filter(candidate => Math.abs(log(candidate)) <= reach).sort((a, b) => Math.abs(log(a)) - Math.abs(log(b)))) {
                if (Math.abs(x(tick) - x(last)) >= spacing) {
                    placed.push(tick);
                    last = tick;
                }
            }
        }
        return placed;
    };
    const ticks = [FOREST_TICK_SPACING, 30].map(ticksAt).find(candidate => candidate.length >= MIN_TICKS) ?? ticksAt(30);
    const parts = [...chartOpening(chart.title, width, height, 'forest-chart')];
    rows.forEach((_, index) => {
        if (index % 2 === 1) {
            parts.push(`<rect x="16" y="${px(rowY(index) - FOREST_ROW_HEIGHT / 2)}" width="${px(width - 32)}" height="${FOREST_ROW_HEIGHT}" fill="#888" fill-opacity="0.08"/>`);
        }
    });
    parts.push(`<rect class="noise-band" x="${px(x(1 - threshold))}" y="${margin.top}" width="${px(x(1 + threshold) - x(1 - threshold))}" height="${plotHeight}" fill="#888" fill-opacity="0.22">`
        + `<title>${escapeXml(`${band} (no change when the whole interval lies here)`)}</title></rect>`);
    parts.push('<g class="axis axis-x" data-scale="log">');
    for (const tick of ticks) {
        parts.push(`<line x1="${px(x(tick))}" y1="${margin.top}" x2="${px(x(tick))}" y2="${bottom}" stroke="#888" stroke-opacity="0.3"/>`,
            `<text class="tick" x="${px(x(tick))}" y="${bottom + 16}" text-anchor="middle">${formatTick(tick)}</text>`);
    }
    parts.push('</g>');
    parts.push(`<line class="no-change" x1="${px(x(1))}" y1="${margin.top}" x2="${px(x(1))}" y2="${bottom}" stroke="#000" stroke-width="1.5" stroke-dasharray="4 2"/>`,
        `<rect class="plot-frame" x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${bottom + 34}" text-anchor="middle">${escapeXml(chart.xTitle)}</text>`);
    rows.forEach((row, index) => {
        const y = px(rowY(index));
        const color = VERDICT_COLORS[row.verdict];
        const tooltip = escapeXml(`${row.label}: ${ratioText(row)}, ${row.verdict}`);
        parts.push(`<text class="row-label" x="${px(margin.left - 10)}" y="${px(rowY(index) + 4)}" text-anchor="end">${escapeXml(row.label)}</text>`,
            `<path class="whisker" d="M${px(x(row.low))} ${y}H${px(x(row.high))}" stroke="${color}" stroke-width="2"/>`,
            `<circle class="ratio" cx="${px(x(row.ratio))}" cy="${y}" r="4" fill="${color}" data-series="${row.verdict}"><title>${tooltip}</title></circle>`,
            `<text class="ratio-value" x="${px(margin.left + plotWidth + 12)}" y="${px(rowY(index) + 4)}">${escapeXml(ratioText(row))}</text>`);
    });
    parts.push(...legend(names, frame, (index, legendX, legendY) => index < VERDICTS.length
        ? `<circle cx="${legendX + 12}" cy="${legendY}" r="4" fill="${VERDICT_COLORS[VERDICTS[index]]}" data-series="${VERDICTS[index]}"/>`
        : `<rect x="${legendX}" y="${legendY - 6}" width="24" height="12" fill="#888" fill-opacity="0.22"/>`), CHART_CLOSING);
    return parts.join('\n');
}
