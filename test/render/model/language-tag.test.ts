import { describe, expect, it } from "vitest";
import { languageTag, nativeName } from "../../../src/render/model/language-names.js";

// Weblate's @-modifiers as BCP 47 says them: a Latin-script language is named in Latin letters.
// (A trial found sr@latin named "српски".)

describe("Weblate codes with an @-modifier", () => {
  it("keep their script or variant in the tag", () => {
    expect(languageTag("sr@latin")).toBe("sr-Latn");
    expect(languageTag("uz@cyrillic")).toBe("uz-Cyrl");
    expect(languageTag("ca@valencia")).toBe("ca-valencia");
    expect(languageTag("be@tarask")).toBe("be");
    expect(languageTag("zh_Hans")).toBe("zh-Hans");
  });

  it("are named in their own script", () => {
    expect(nativeName("sr@latin", "Serbian (latin)")).toBe("srpski (latinica)");
    expect(nativeName("sr", "Serbian")).toBe("српски");
  });
});

describe("a language's own name, asked again and again", () => {
  it("is the answer for its code and its English name, whichever was asked before", () => {
    for (let round = 0; round < 2; round++) {
      expect(nativeName("de", "German")).toBe("Deutsch");
      // The name Weblate sends is the own name already: nothing to add.
      expect(nativeName("de", "deutsch")).toBeUndefined();
      expect(nativeName("fr", "German")).toBe("français");
    }
    // More names than are kept: the answers do not change when the kept ones are let go.
    for (let i = 0; i < 10_050; i++) nativeName("de", `German ${i}`);
    expect(nativeName("de", "German")).toBe("Deutsch");
    expect(nativeName("de", "deutsch")).toBeUndefined();
  });
});
