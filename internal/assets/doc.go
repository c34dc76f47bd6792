// Package assets is a Worker's static assets, as wrangler's assets setting describes
// them (https://developers.cloudflare.com/workers/static-assets/): the files of a
// folder, carried inside the class's bundle, and the rules Cloudflare serves them by
// (html_handling, not_found_handling, run_worker_first, and the folder's _redirects and
// _headers: rules.go), with the headers Cloudflare's
// asset worker sends (ETag, Content-Type, Cache-Control) and its answers to
// conditional requests (If-None-Match: 304) and HEAD.
//
// # In the bundle
//
// Package jsbundle writes a project's assets after its bundle (Append): a zip archive
// of the files, its comment the Config as JSON, then a footer line giving the
// archive's length. The host cuts them off before it evaluates the bundle (Cut), so
// the script never holds them, and serves them from memory: the server before the
// Worker, and the Worker's binding (env.ASSETS.fetch). Deploying the bundle deploys
// its assets; the class's registry and its backup keep them with it.
//
// # Limits
//
// At most MaxFiles files and MaxBytes bytes in all (each file's size, uncompressed),
// checked when the folder is read (Build) and again when a bundle is parsed (Cut), so
// an upload cannot make the host hold more. The whole upload, bundle and archive,
// stays under abi.DefaultMaxUploadBytes too.
//
// Package assets imports nothing of sobjects; jsbundle, host and server import it.
package assets
