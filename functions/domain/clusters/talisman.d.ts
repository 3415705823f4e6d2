// Types of the talisman modules the clustering keys use (the package ships none).
declare module 'talisman/phonetics/german/cologne.js' {
  const cologne: (word: string) => string;
  export default cologne;
}
declare module 'talisman/keyers/fingerprint.js' {
  const fingerprint: ((value: string) => string) & { ngramsFingerprint: (n: number, value: string) => string };
  export default fingerprint;
}
