// BAI2 records as banks write them, with the trailers' control totals and record counts kept as the
// records are made: demo-statements writes small files with it, bench/ingest-camt.bench.ts large ones.

/** A status or summary amount of an account record (03): 010 opening ledger, 100 total credits, ... */
export interface Bai2Summary {
  code: string;
  /** Minor units; balances may be negative. */
  amount: number | bigint;
  itemCount?: number;
}

/** A transaction detail (16): the type code signs it (100-399 credits, 400-699 debits). */
export interface Bai2Detail {
  typeCode: string;
  /** Unsigned minor units. */
  amount: number;
  bankReference: string;
  customerReference: string;
  text: string;
}

export interface Bai2FileHeader {
  sender: string;
  receiver: string;
  /** YYYY-MM-DD */
  createdDate: string;
  /** HHMM */
  createdTime: string;
  fileId: string;
}

export interface Bai2Writer {
  fileHeader(): string;
  /** A group of one as-of date (YYYY-MM-DD), previous-day final data. */
  groupHeader(asOfDate: string, currency: string): string;
  account(accountNumber: string, currency: string, summaries: readonly Bai2Summary[]): string;
  detail(detail: Bai2Detail): string;
  accountTrailer(): string;
  groupTrailer(): string;
  fileTrailer(): string;
}

const toBai2Date = (iso: string) => `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;

/**
 * Each method answers its record's line ('/'-terminated, with a newline). The trailers' control
 * totals add every amount of what they close, balances included, and their record counts include
 * the header and the trailer itself (BAI2 spec); the reader refuses a file where they differ.
 */
export function createBai2Writer(header: Bai2FileHeader): Bai2Writer {
  const file = { total: 0n, records: 0, groups: 0 };
  const group = { total: 0n, records: 0, accounts: 0 };
  const account = { total: 0n, records: 0 };
  const line = (text: string) => {
    file.records++;
    group.records++;
    account.records++;
    return `${text}/\n`;
  };
  return {
    fileHeader() {
      const { sender, receiver, createdDate, createdTime, fileId } = header;
      return line(`01,${sender},${receiver},${toBai2Date(createdDate)},${createdTime},${fileId},,,2`);
    },
    groupHeader(asOfDate, currency) {
      Object.assign(group, { total: 0n, records: 0, accounts: 0 });
      file.groups++;
      return line(`02,${header.receiver},${header.sender},1,${toBai2Date(asOfDate)},2400,${currency},2`);
    },
    account(accountNumber, currency, summaries) {
      Object.assign(account, { total: 0n, records: 0 });
      group.accounts++;
      const fields = summaries.map((s) => {
        account.total += BigInt(s.amount);
        return `${s.code},${s.amount},${s.itemCount ?? ''},`;
      });
      return line(`03,${accountNumber},${currency},${fields.join(',')}`);
    },
    detail(d) {
      account.total += BigInt(d.amount);
      return line(`16,${d.typeCode},${d.amount},0,${d.bankReference},${d.customerReference},${d.text}`);
    },
    // The counts are read before line() adds the trailer: + 1 counts it.
    accountTrailer() {
      group.total += account.total;
      return line(`49,${account.total},${account.records + 1}`);
    },
    groupTrailer() {
      file.total += group.total;
      return line(`98,${group.total},${group.accounts},${group.records + 1}`);
    },
    fileTrailer() {
      return line(`99,${file.total},${file.groups},${file.records + 1}`);
    },
  };
}
