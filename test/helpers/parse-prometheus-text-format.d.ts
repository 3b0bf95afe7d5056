// The package ships no types: what its README documents (prom2json's shape).
declare module "parse-prometheus-text-format" {
  export interface PromSample {
    labels?: Record<string, string>;
    value: string;
  }
  export interface PromFamily {
    name: string;
    help: string;
    type: string;
    metrics: PromSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PromFamily[];
}
