import { describe, expect, it } from "vitest";
import { chatLink, chatNumber, normalizeChatNumber } from "~/domain/whatsapp";
import { itMaps } from "../support/tables";

describe("chat links", () => {
  itMaps("keeps digits only and prefixes 55 when missing: %s -> %s", normalizeChatNumber, [
    ["(47) 99999-0416", "5547999990416"],
    ["+55 47 99999-0416", "5547999990416"],
    ["5547999990416", "5547999990416"],
    // A local number that happens to start with 55 (area code 55, RS) still gets the prefix.
    ["55991234567", "5555991234567"],
  ]);

  it("URL-encodes the text", () => {
    expect(chatLink("47 99999-0416", "Olá! Quero ração & petiscos?")).toBe(
      "https://wa.me/5547999990416?text=Ol%C3%A1!%20Quero%20ra%C3%A7%C3%A3o%20%26%20petiscos%3F",
    );
    expect(chatLink("47999990416")).toBe("https://wa.me/5547999990416");
  });

  it("prefers the admin's number when it is set", () => {
    expect(chatNumber("(47) 98888-7777", "47999990416")).toBe("47988887777");
    expect(chatNumber("", "47999990416")).toBe("47999990416");
    expect(chatNumber(null, "47999990416")).toBe("47999990416");
  });
});
