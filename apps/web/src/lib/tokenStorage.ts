// Remember-me keeps the token across browser restarts (localStorage); otherwise it lives
// only as long as the tab (sessionStorage). Only one of the two holds a token at a time.
const KEY = 'registry.accessToken';
const ORDER_CACHE_KEY = 'registry.orderCache';

export function getToken(): string | null {
  return localStorage.getItem(KEY) ?? sessionStorage.getItem(KEY);
}

export function isTokenPersistent(): boolean {
  return localStorage.getItem(KEY) !== null;
}

export function setToken(token: string, persistent: boolean): void {
  clearToken();
  (persistent ? localStorage : sessionStorage).setItem(KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(ORDER_CACHE_KEY);
}
