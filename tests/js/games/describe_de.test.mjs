// The four games' boards in words and their announcements in German (tests/js/helpers/describe_in.mjs).
import "../helpers/dom.mjs";
import { inLang } from "../helpers/in_lang.mjs";

inLang("de");
const { describedIn } = await import("../helpers/describe_in.mjs");
describedIn("de");
