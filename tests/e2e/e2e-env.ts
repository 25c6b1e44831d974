/**
 * Settings of the e2e server that the tests must know too. The bot token has the shape the server's config
 * accepts (digits, a colon, 20+ URL-safe characters); no real bot has it: it only signs and checks test init data.
 */
export const E2E_BOT_TOKEN = "123456789:AAE_e2e_test_bot_token_0123456789ab";
