export { escapeXml } from './frame';
export * from './bar';
export * from './dots';
export * from './line';
export * from './strip';
export * from './forest';
export * from './charts';
