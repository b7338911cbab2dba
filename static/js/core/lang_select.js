// The header's language selector: a plain form (POST /lang) that works without script; with
// script, choosing a language submits it at once and the button is not needed.
const form = document.querySelector(".lang-form");
if (form) {
  form.querySelector("#lang-go").hidden = true;
  form.querySelector("#lang-select").addEventListener("change", () => form.submit());
}
