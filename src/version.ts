/** The API version this build answers with (spec 9; CHANGELOG.md lists what each version added). */
export const API_VERSION = '1.19.0';
