// The four games' boards in words and their announcements in French (tests/js/helpers/describe_in.mjs).
import "../helpers/dom.mjs";
import { inLang } from "../helpers/in_lang.mjs";

inLang("fr");
const { describedIn } = await import("../helpers/describe_in.mjs");
describedIn("fr");
