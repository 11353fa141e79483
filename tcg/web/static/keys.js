// The keyboard (issue 37 item 8) on a game page: Space takes the default -- Confirm when the
// step has one ready, else the step's "move on" option (pass, next step, end the turn) or, on a
// step of one option, that one; 1-9 press the decision panel's buttons in order (each shows its
// number); Esc closes the zoom (cardface.js hears it first), a menu or a confirmation, else goes
// Back. Focus stays on the decision panel, so the keys work after every click; a key typed into
// a field (the deck search, a select) is left alone. The keys are listed in the page's help.
import { $, el } from "/static/common.js";
import { closeMenu } from "/static/actions.js";
import { closeCardMenu, currentStep } from "/static/choose.js";
import { closeConfirm } from "/static/safe.js";

const NUMBERED = "#actions button.option, #actions button.toggle, #actions button.pay-choice, #actions button[data-index]";

// The panel's buttons 1-9 answer to, in order (a confirmation shown first takes them).
function numbered() {
  const confirm = $("#harm-confirm");
  const nodes = confirm ? [...confirm.querySelectorAll("button")]
    : [...document.querySelectorAll(NUMBERED)].filter((b) => !b.closest(".step-bar") && !b.closest(".ways"));
  return nodes.filter((b) => !b.disabled && b.offsetParent !== null);
}

// Each numbered button shows its key (after every drawing of the panel).
function numberButtons() {
  for (const old of document.querySelectorAll("#actions .key-n")) old.remove();
  numbered().slice(0, 9).forEach((b, i) => b.prepend(el("kbd", { class: "key-n" }, String(i + 1))));
  const panel = $("#actions");
  if (panel && !panel.contains(document.activeElement) && !typing(document.activeElement)) {
    panel.tabIndex = -1;
    panel.focus({ preventScroll: true });
  }
}

function typing(node) {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement
    || (node instanceof HTMLElement && node.isContentEditable);
}

function spaceTarget() {
  const confirm = $("#harm-confirm button.confirm") || $("#actions .step-bar button.confirm:not([disabled])");
  if (confirm) return confirm;
  const step = currentStep();
  if (step && step.default !== null && step.default !== undefined) {
    return $(`#actions [data-index="${step.default}"], #actions [data-option="${step.default}"]`);
  }
  const all = numbered();
  if (all.length === 1) return all[0];
  // no step (an older panel): the "move on" action
  return $("#actions button[data-group=move_on][data-type=pass]") || $("#actions button[data-group=move_on]");
}

function back() {
  if (closeCardMenu()) return true;
  if ($(".menu")) { closeMenu(); return true; }
  if ($("#harm-confirm")) { closeConfirm(); return true; }
  if (!$("#help").hidden) { $("#help").hidden = true; return true; }
  const button = $("#actions .step-bar button.back");
  if (button) { button.click(); return true; }
  return false;
}

document.addEventListener("drawn", numberButtons);

document.addEventListener("keydown", (e) => {
  if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
  let done = false;
  if (e.key === " " || e.code === "Space") {
    const target = spaceTarget();
    if (target) { target.click(); done = true; }
  } else if (/^[1-9]$/.test(e.key)) {
    const target = numbered()[Number(e.key) - 1];
    if (target) { target.click(); done = true; }
  } else if (e.key === "Escape") {
    done = back();
  }
  if (done) e.preventDefault();
});

// The keys, listed under the game's help (the "?" button) in the page's language.
export function keysHelp(ui) {
  const help = $("#help");
  if (help && ui.keys_help && !help.textContent.includes(ui.keys_help)) help.textContent += `\n\n${ui.keys_help}`;
}
