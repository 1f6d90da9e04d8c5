/** Money helpers of the /AddProduct screen: the form shows yuan, the API takes fen. */

export const yuanOf = (fen: number) => fen / 100;
export const fenOf = (yuan: number | string) => Math.round(Number(yuan) * 100);

/** A specification line as typed: its name and its comma-separated values. */
export interface SpecDraft {
  name: string;
  text: string;
}
