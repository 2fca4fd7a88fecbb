// Below this size an answer is sent as it is: compressing it would save less than its headers
// weigh. Shared by the server's on-the-fly compression (app.ts) and the build's compressed copies
// of the web app's files (precompress.config.ts).
export const COMPRESSION_THRESHOLD_BYTES = 1024;
