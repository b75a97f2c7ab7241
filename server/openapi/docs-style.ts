// The stylesheet of GET /docs, inline so the page needs nothing else; system fonts with generic fallbacks.
export const DOCS_STYLE = `
:root { --fg: #1f2937; --muted: #6b7280; --line: #e5e7eb; --soft: #f8fafc; --code: #eef2f7; --accent: #1d4ed8; }
* { box-sizing: border-box; }
html { scroll-behavior: smooth; }
body { margin: 0; color: var(--fg); background: #fff;
  font: 15px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
.layout { display: grid; grid-template-columns: 270px minmax(0, 1fr); }
nav { position: sticky; top: 0; height: 100vh; overflow-y: auto; overflow-x: hidden; padding: 22px 18px 40px; background: var(--soft);
  border-right: 1px solid var(--line); font-size: 13.5px; }
nav .brand { font-weight: 700; font-size: 15px; margin: 0 0 12px; }
nav ol { list-style: none; margin: 0; padding: 0; }
nav li { margin: 3px 0; }
nav > ol > li { margin: 8px 0; font-weight: 600; }
nav ol ol { margin: 4px 0 0 0; font-weight: 400; }
nav ol.ops li a { display: flex; gap: 6px; align-items: center; color: var(--fg); white-space: nowrap; }
nav ol.schemas { font-size: 12.5px; }
nav ol.schemas a { color: var(--muted); }
main { padding: 28px 44px 96px; max-width: 1180px; min-width: 0; }
h1 { font-size: 30px; margin: 0 0 6px; letter-spacing: -0.01em; }
h1 .version { font-size: 14px; font-weight: 600; color: var(--muted); background: var(--code); padding: 2px 8px; border-radius: 10px; vertical-align: middle; }
h2 { font-size: 23px; margin: 48px 0 12px; padding-top: 20px; border-top: 2px solid var(--line); }
h3 { font-size: 18px; margin: 34px 0 6px; display: flex; align-items: center; gap: 10px; }
h4 { font-size: 13px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 20px 0 6px; }
h5 { font-size: 14px; margin: 12px 0 4px; }
p { margin: 6px 0 10px; }
.lead { font-size: 17px; color: #374151; }
.summary { font-size: 16px; font-weight: 500; margin-top: 0; }
.operation { padding-bottom: 8px; border-bottom: 1px dashed var(--line); }
.path { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono", monospace; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono", monospace;
  font-size: 0.86em; background: var(--code); padding: 1px 5px; border-radius: 4px; overflow-wrap: break-word; }
code.name { font-weight: 600; background: none; padding: 0; color: #0f172a; }
pre { background: #0f172a; color: #e2e8f0; padding: 12px 16px; border-radius: 6px; overflow: auto; font-size: 13px; line-height: 1.5; }
pre, pre code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono", monospace; }
details { margin: 6px 0; }
summary { cursor: pointer; color: var(--accent); }
.method { display: inline-block; min-width: 46px; padding: 1px 6px; border-radius: 4px; font: 700 11px/18px system-ui, sans-serif;
  text-align: center; color: #fff; letter-spacing: 0.03em; }
.method.get { background: #047857; }
.method.post { background: #1d4ed8; }
.table-wrap { overflow-x: auto; margin: 8px 0 18px; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: 13.5px; }
th, td { text-align: left; vertical-align: top; padding: 7px 10px; border-bottom: 1px solid var(--line); }
tbody tr:last-child td { border-bottom: none; }
tbody tr:nth-child(even) td { background: #fbfcfd; }
th { background: var(--soft); font-weight: 600; font-size: 12.5px; color: #374151; white-space: nowrap; }
td p { margin: 0 0 4px; }
td:first-child { white-space: nowrap; }
.parameters td:nth-child(3), .schema td:nth-child(3) { max-width: 210px; }
.parameters td:nth-child(4), .schema td:nth-child(4) { white-space: nowrap; }
.parameters td:nth-child(2), .schema td:nth-child(2) { min-width: 120px; }
.limits { color: var(--muted); font-size: 12.5px; white-space: nowrap; }
.type { color: #374151; }
td:last-child { min-width: 300px; }
td:last-child code { overflow-wrap: anywhere; }
.responses td:nth-child(3) { white-space: nowrap; }
.responses td:nth-child(4) { min-width: 190px; }
.responses td:nth-child(4) a { display: inline-block; margin: 0 4px 3px 0; }
.enum code { display: inline-block; margin: 0 3px 3px 0; }
.req { font-size: 11px; color: #b91c1c; font-weight: 600; }
.req-dot { color: #b91c1c; font-weight: 700; margin-left: 1px; }
.variant { font-size: 12px; color: var(--muted); }
.example { color: var(--muted); font-size: 12.5px; }
.note { color: var(--muted); font-size: 13.5px; }
.param-list a { margin-right: 2px; }
.param-list code { background: var(--code); }
ul.examples { padding-left: 18px; }
ul.examples li { margin-bottom: 6px; }
.status { display: inline-block; font-weight: 700; font-family: ui-monospace, Menlo, Consolas, monospace; padding: 0 6px; border-radius: 4px; }
.status.s2 { color: #047857; background: #ecfdf5; }
.status.s3 { color: #6d28d9; background: #f5f3ff; }
.status.s4 { color: #b45309; background: #fffbeb; }
.status.s5 { color: #b91c1c; background: #fef2f2; }
@media (max-width: 860px) { .layout { display: block; } nav { position: static; height: auto; } main { padding: 20px; } }
`;
