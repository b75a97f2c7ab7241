// The types of build-inputs.mjs, plain Node for server/prepare.mjs, for the build and the tests.

/** The build's inputs under `topologyDir` (`topology/`): its files, relative to it and sorted, and the packages
 *  installed for it, `name@version` sorted. */
export function topologyInputs(topologyDir: string): { files: string[]; packages: string[] };
/** The SHA-256 of the build's inputs under `topologyDir` (`topology/`), with the packages installed for it. */
export function topologyInputsHash(topologyDir: string): string;
/** Whether `topologyDir`'s build is complete and was made from the inputs there are now. */
export function topologyUpToDate(topologyDir: string): boolean;
/** Records that `topologyDir`'s build was made from `hash`, once the build is complete. */
export function recordTopologyInputs(topologyDir: string, hash: string): void;
