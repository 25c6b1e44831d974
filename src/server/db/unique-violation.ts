/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), thrown directly or as the cause. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return (code ?? cause?.code) === "23505";
}
