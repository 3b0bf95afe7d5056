import { describe, expect, it } from "vitest";
import { HttpClient } from "../../src/http/http-client.js";
import { fetchList } from "../../src/crawl/fetch-list.js";
import { syntheticRecords } from "../../src/demo/synthetic-data.js";
import { startStandIn, testConfig } from "../helpers/stand-in.js";

// A list is only taken as the server's word on what exists when it came whole: one cut short
// must fail, so that what it lacks is carried as stale rather than taken as removed.

async function clientFor(baseUrl: string): Promise<HttpClient> {
  return new HttpClient({ ...testConfig(baseUrl, ["p/c/*"]).crawl, baseUrl });
}

describe("a list endpoint's answer is whole or an error", () => {
  it("refuses a list whose pages hold fewer items than its first page's count", async () => {
    const server = await startStandIn({ records: () => [] });
    const list = "/api/components/p/c/translations/";
    server.addFault(list, {
      body: JSON.stringify({ count: 3, next: null, previous: null, results: [{ a: 1 }] }),
    });
    const client = await clientFor(server.baseUrl);
    await expect(fetchList(client, `${server.baseUrl}${list}`, 1000)).rejects.toThrow(
      "list cut short: its first page says 3 items, its pages held 1",
    );
    await client.close();
  });

  it("takes a list that holds what its count says, and one with no count (a bare array)", async () => {
    const server = await startStandIn({ records: () => [] });
    const list = "/api/components/p/c/translations/";
    server.addFault(
      list,
      { body: JSON.stringify({ count: 1, next: null, previous: null, results: [{ a: 1 }] }) },
      { body: JSON.stringify([{ a: 1 }, { a: 2 }]) },
    );
    const client = await clientFor(server.baseUrl);
    expect(await fetchList(client, `${server.baseUrl}${list}`, 1000)).toEqual([{ a: 1 }]);
    expect(await fetchList(client, `${server.baseUrl}${list}`, 1000)).toHaveLength(2);
    await client.close();
  });

  it("reads a list of more than 1,000 pages while its pages bring items (1,005 pages of 1)", async () => {
    const server = await startStandIn({
      records: syntheticRecords({ projects: 1, components: 1, languages: 1005 }),
    });
    const client = await clientFor(server.baseUrl);
    const list = `${server.baseUrl}/api/components/project0/component0/translations/`;
    expect(await fetchList(client, list, 1)).toHaveLength(1005);
    expect(server.requestsTo("/api/components/")).toHaveLength(1005);
    await client.close();
  });
});
