export declare const REPO_ROOT: string;
export declare const SOURCE_HASH_FILE: string;
export declare const SERVER_BUNDLE: string;
export declare const SERVER_HASH_FILE: string;
export declare function webSourceHash(): string;
export declare function serverSourceHash(): string;
export declare function recordedHash(hashFile: string, output: string): string | null;
