/**
 * Downloads a file from /api with a Bearer ID token (the admin's or a portal
 * client's) and hands it to the browser under the server's file name
 * (Content-Disposition), else `fallbackName`.
 */

/** Fetches `path` with `token` and saves the reply as a file. @throws Error with the server's message on a non-2xx. */
export async function downloadWithToken(path: string, token: string | null | undefined, fallbackName: string) {
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `${res.status}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
