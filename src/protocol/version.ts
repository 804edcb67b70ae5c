/** This package's own version (the spec's "SDK version"); a unit test keeps it equal to package.json. */
export const SDK_VERSION = '0.1.0';
