export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) {
      return Response.json({ worker: true, path: url.pathname });
    }
    if (url.pathname.startsWith("/via-binding/")) {
      const r = await env.ASSETS.fetch(new Request(new URL(url.pathname.slice("/via-binding".length), url), request));
      return new Response(r.body, { status: r.status, headers: { "x-status": String(r.status), "x-etag": r.headers.get("etag") || "", "content-type": r.headers.get("content-type") || "none" } });
    }
    return new Response("worker: " + url.pathname, { status: 200 });
  },
};
