/**
 * The portal pages' stylesheet, served from /portal/assets/ under a name with its content hash
 * (portal-assets.ts). The accent colour comes from a second tiny stylesheet per colour, so that the
 * Content-Security-Policy needs no inline style. System fonts only: nothing loads from elsewhere.
 */
export const PORTAL_CSS = `
:root { --accent: #1f5fbf; --on-accent: #ffffff; --text: #1b1d21; --muted: #4f5661; --line: #d5d9e0; --bg: #f6f7f9; --card: #ffffff; --error: #a4161a; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--text); background: var(--bg); }
a { color: var(--accent); text-decoration-thickness: 1px; text-underline-offset: 2px; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--text); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; top: 0; background: var(--card); padding: .5rem 1rem; }
.skip:focus { left: 1rem; }
.site-header { background: var(--accent); color: var(--on-accent); }
.site-header .bar { max-width: 60rem; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; }
.site-header a { color: var(--on-accent); }
.brand { font-weight: 700; font-size: 1.15rem; text-decoration: none; margin-right: auto; }
.site-header nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 0 0 1rem; }
.entries { list-style: none; margin: 0; padding: 0; }
.entry { display: grid; grid-template-columns: 4.5rem 1fr; gap: 1rem; }
.votes { text-align: center; border: 1px solid var(--line); border-radius: 8px; padding: .5rem 0; align-self: start; }
.votes strong { display: block; font-size: 1.35rem; }
.preview { margin: .25rem 0; overflow-wrap: anywhere; }
.meta { color: var(--muted); font-size: .9rem; margin: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 999px; padding: 0 .6rem; font-size: .85rem; color: var(--text); background: var(--bg); }
.filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .75rem; align-items: end; }
.field { margin: 0 0 1rem; }
.field label, .filters label { display: block; font-weight: 600; margin-bottom: .25rem; }
input[type=text], input[type=email], input[type=search], select, textarea { width: 100%; font: inherit; color: inherit; background: var(--card); border: 1px solid var(--muted); border-radius: 6px; padding: .5rem .6rem; min-height: 2.75rem; }
textarea { min-height: 10rem; resize: vertical; }
fieldset.field { border: 0; padding: 0; }
fieldset.field legend { font-weight: 600; padding: 0; margin-bottom: .25rem; }
.choice { display: flex; align-items: center; gap: .5rem; min-height: 2.75rem; }
.choice input { width: 1.25rem; height: 1.25rem; margin: 0; accent-color: var(--accent); }
.field .choice label { display: inline; font-weight: 400; margin: 0; }
.description, .body { margin-top: .75rem; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
.error { color: var(--error); font-weight: 600; margin: .25rem 0 0; }
.invalid { border-color: var(--error) !important; border-width: 2px !important; }
.alert { border: 2px solid var(--error); border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1rem; background: var(--card); }
.notice { border: 2px solid var(--accent); border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1rem; background: var(--card); }
button, .button { display: inline-block; font: inherit; font-weight: 600; background: var(--accent); color: var(--on-accent); border: 2px solid var(--accent); border-radius: 6px; padding: .5rem 1.1rem; min-height: 2.75rem; cursor: pointer; text-decoration: none; }
button.secondary { background: var(--card); color: var(--accent); }
button[disabled] { opacity: .7; cursor: progress; }
.trap { position: absolute; left: -9999px; width: 1px; height: 1px; overflow: hidden; }
.pager { display: flex; justify-content: space-between; gap: 1rem; margin: 1rem 0; }
.description p, .body p { margin: 0 0 .75rem; overflow-wrap: anywhere; }
.empty { color: var(--muted); }
.site-footer { max-width: 60rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .9rem; }
@media (max-width: 30rem) {
  .entry { grid-template-columns: 3.5rem 1fr; gap: .75rem; }
  h1 { font-size: 1.35rem; }
}
`;

/**
 * Progressive enhancement only: every form works without it. A submitting form's button is disabled
 * (no double posts) and the description shows how many characters are left.
 */
export const PORTAL_JS = `
(function () {
  document.addEventListener('submit', function (event) {
    var button = event.target.querySelector('button[type=submit]');
    if (button) { setTimeout(function () { button.disabled = true; button.textContent = button.getAttribute('data-busy') || button.textContent; }, 0); }
  });
  var area = document.querySelector('textarea[maxlength]');
  var out = document.getElementById('description-count');
  if (area && out) {
    var max = Number(area.getAttribute('maxlength'));
    var show = function () { out.textContent = (max - area.value.length) + ' characters left'; };
    area.addEventListener('input', show);
    show();
  }
})();
`;
