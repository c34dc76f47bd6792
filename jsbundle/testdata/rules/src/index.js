import page from "./static/page.html";
import note from "../notes/note.txt";
import readme from "./README.md";
import query from "./query.sql";
import blob from "./blob.bin";
import wasm from "./add.wasm";

export default {
  async fetch(request) {
    const u = new URL(request.url);
    switch (u.pathname) {
      case "/kinds":
        return Response.json({
          page: typeof page, note: typeof note, readme: typeof readme, query: typeof query,
          blob: Object.prototype.toString.call(blob), bytes: [...new Uint8Array(blob)],
          wasm: typeof wasm,
        });
      case "/page":
        return new Response(page, { headers: { "content-type": "text/html" } });
      case "/wasm":
        return Response.json(Object.keys(await WebAssembly.instantiate(wasm, {})));
    }
    return new Response(note + readme + query);
  },
};
