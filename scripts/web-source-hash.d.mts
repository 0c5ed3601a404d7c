export declare const REPO_ROOT: string;
export declare const SOURCE_HASH_FILE: string;
export declare function webSourceHash(): string;
