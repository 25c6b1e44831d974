import { describe, expect, it } from "vitest";
import { manualClock } from "../../providers/clock.ts";
import { createPushTickets, PUSH_TICKET_MS } from "./push-tickets.ts";

describe("push tickets", () => {
  it("name their account for one minute, and nothing once changed, signed with another secret or expired", () => {
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const tickets = createPushTickets("secret-one", clock);
    const { ticket, expiresAt } = tickets.issue(42);
    expect(expiresAt).toBe(clock.now().getTime() + PUSH_TICKET_MS);
    expect(tickets.verify(ticket)).toBe(42);
    expect(tickets.verify(ticket.replace("v1.42.", "v1.43."))).toBeUndefined();
    expect(tickets.verify(ticket.replace(`.${expiresAt}.`, `.${expiresAt + 60_000}.`))).toBeUndefined();
    expect(createPushTickets("secret-two", clock).verify(ticket)).toBeUndefined();
    for (const damaged of ["", "v1", `${ticket}x`, ticket.slice(0, -1), "v1.42.1.abc"]) {
      expect(tickets.verify(damaged), damaged).toBeUndefined();
    }
    clock.advance(PUSH_TICKET_MS - 1);
    expect(tickets.verify(ticket)).toBe(42);
    clock.advance(1);
    expect(tickets.verify(ticket)).toBeUndefined();
  });
});
