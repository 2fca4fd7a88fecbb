// The one French message catalogue. Sentences quoted by the specification are kept word for word.
// Server errors and UI texts both read from here; nothing user-facing is written elsewhere.
//
// fr is the namespace of the sections (contract/messages-fr.ts): code reads fr.<section>.<key>, so
// that the web build can leave out the sections a screen does not read.
export * as fr from './messages-fr';
