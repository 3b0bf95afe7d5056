// anafanafo ships no types: its one export measures text with the character widths it holds.
declare module "anafanafo" {
  export default function measure(
    text: string,
    options: {
      font: "10px Verdana" | "bold 10px Verdana" | "11px Verdana" | "bold 11px Helvetica";
      guess?: boolean;
    },
  ): number;
}
