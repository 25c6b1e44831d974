/** Google's OAuth 2 implicit flow: the access token comes back in the hash of "/" (the route guard takes it). */
export function googleAuthUrl(clientId: string, origin: string): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/`,
    response_type: "token",
    scope: "openid email profile",
    include_granted_scopes: "true",
    prompt: "select_account",
  });
  return `https://accounts.google.com/o/oauth2/v2/auth?${params.toString()}`;
}
