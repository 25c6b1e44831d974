/** A tool call MountainLion plans for a question: the tool's name and its input. */
export interface PlannedCall {
  toolName: string;
  input: Record<string, unknown>;
}
