import HTML from "chat.html";

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/") {
      return new Response(HTML, { headers: { "Content-Type": "text/html;charset=UTF-8" } });
    }
    return new Response("Not found", { status: 404 });
  },
};

export class ChatRoom {
  constructor(state, env) { this.state = state; }
  async fetch(request) { return new Response(String(HTML.byteLength)); }
}
