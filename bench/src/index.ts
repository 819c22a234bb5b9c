// The one public entry of @fs-perf/bench: each folder's index, lowest first (util, link, hosts, run, commands).
export * from './util';
export * from './link';
export * from './hosts';
export * from './run';
export * from './commands';
