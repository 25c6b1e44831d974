/** A wallet step that stopped, and why (a word the screen that shows it turns into its own message). */
export class WalletFailure<Failure extends string> extends Error {
  override name = "WalletFailure";
  constructor(
    readonly failure: Failure,
    options?: { cause?: unknown },
  ) {
    super(failure, options);
  }
}
