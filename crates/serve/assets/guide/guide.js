// The lesson guide's one script: the Print button (hidden until this runs, so a page
// without scripts shows no button that does nothing). The print style hides it.
"use strict";

const button = document.getElementById("print");
if (button) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
