"""Nightly export of order data to the analytics warehouse.

Reads orders updated since the last successful run, normalises currencies and time zones,
deduplicates by order id, and writes Parquet files partitioned by day. The run is idempotent:
a crash halfway through leaves the watermark untouched, and the next run simply redoes the work.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import logging
import os
import sys
from collections import defaultdict
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

import psycopg
import pyarrow as pa
import pyarrow.parquet as pq

log = logging.getLogger("export_orders")

BATCH_SIZE = 5_000
DEFAULT_OUTPUT = Path("/var/lib/exports/orders")
WATERMARK_KEY = "orders_export_watermark"
CENTS = Decimal("0.01")

# Rates are refreshed by a separate job; we only read them. Missing rates are a hard error,
# because silently exporting an order in the wrong currency is worse than a failed night.
RATES_QUERY = """
    SELECT currency, rate_to_eur
    FROM fx_rates
    WHERE valid_on = %(day)s
"""

ORDERS_QUERY = """
    SELECT o.id, o.customer_id, o.status, o.currency, o.total_amount, o.created_at,
           o.updated_at, c.country_code, c.segment
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    WHERE o.updated_at > %(since)s AND o.updated_at <= %(until)s
    ORDER BY o.updated_at, o.id
"""


@dataclasses.dataclass(frozen=True)
class Order:
    id: int
    customer_id: int
    status: str
    currency: str
    total_amount: Decimal
    created_at: dt.datetime
    updated_at: dt.datetime
    country_code: str
    segment: str | None

    @property
    def day(self) -> dt.date:
        return self.created_at.astimezone(dt.timezone.utc).date()


@dataclasses.dataclass
class ExportStats:
    read: int = 0
    written: int = 0
    duplicates: int = 0
    skipped_status: int = 0
    by_day: dict[dt.date, int] = dataclasses.field(default_factory=lambda: defaultdict(int))

    def as_dict(self) -> dict[str, object]:
        return {
            "read": self.read,
            "written": self.written,
            "duplicates": self.duplicates,
            "skipped_status": self.skipped_status,
            "days": {day.isoformat(): count for day, count in sorted(self.by_day.items())},
        }


class MissingRateError(RuntimeError):
    def __init__(self, currency: str, day: dt.date) -> None:
        super().__init__(f"no FX rate for {currency} on {day.isoformat()}; is the rates job late?")
        self.currency = currency
        self.day = day


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dsn", default=os.environ.get("ORDERS_DSN"), help="PostgreSQL connection string")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--since", type=dt.datetime.fromisoformat, help="override the stored watermark")
    parser.add_argument("--dry-run", action="store_true", help="read and transform, but write nothing")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    args = parser.parse_args(argv)
    if not args.dsn:
        parser.error("--dsn is required (or set ORDERS_DSN)")
    return args


def load_rates(conn: psycopg.Connection, day: dt.date) -> dict[str, Decimal]:
    with conn.cursor() as cur:
        cur.execute(RATES_QUERY, {"day": day})
        rates = {currency: Decimal(str(rate)) for currency, rate in cur.fetchall()}
    rates.setdefault("EUR", Decimal(1))
    return rates


def read_orders(conn: psycopg.Connection, since: dt.datetime, until: dt.datetime) -> Iterator[Order]:
    with conn.cursor(name="orders_export") as cur:
        cur.itersize = BATCH_SIZE
        cur.execute(ORDERS_QUERY, {"since": since, "until": until})
        for row in cur:
            yield Order(
                id=row[0],
                customer_id=row[1],
                status=row[2],
                currency=row[3].upper(),
                total_amount=Decimal(row[4]),
                created_at=row[5],
                updated_at=row[6],
                country_code=row[7],
                segment=row[8],
            )


def to_eur(amount: Decimal, currency: str, rates: Mapping[str, Decimal], day: dt.date) -> Decimal:
    try:
        rate = rates[currency]
    except KeyError:
        raise MissingRateError(currency, day) from None
    return (amount * rate).quantize(CENTS, rounding=ROUND_HALF_EVEN)


def latest_by_id(orders: Iterable[Order], stats: ExportStats) -> dict[int, Order]:
    """Keep the most recent version of each order; the query may return an order twice
    if it was updated while we were reading."""
    latest: dict[int, Order] = {}
    for order in orders:
        stats.read += 1
        previous = latest.get(order.id)
        if previous is not None:
            stats.duplicates += 1
            if previous.updated_at >= order.updated_at:
                continue
        latest[order.id] = order
    return latest


def to_table(orders: Sequence[Order], rates: Mapping[str, Decimal], day: dt.date) -> pa.Table:
    columns: dict[str, list[object]] = defaultdict(list)
    for order in orders:
        columns["order_id"].append(order.id)
        columns["customer_id"].append(order.customer_id)
        columns["status"].append(order.status)
        columns["currency"].append(order.currency)
        columns["total"].append(str(order.total_amount))
        columns["total_eur"].append(str(to_eur(order.total_amount, order.currency, rates, day)))
        columns["created_at"].append(order.created_at.astimezone(dt.timezone.utc))
        columns["country"].append(order.country_code)
        columns["segment"].append(order.segment or "unknown")
    return pa.table(columns)


def write_partition(table: pa.Table, output: Path, day: dt.date, dry_run: bool) -> Path:
    target = output / f"day={day.isoformat()}" / "orders.parquet"
    if dry_run:
        log.info("dry run: would write %d rows to %s", table.num_rows, target)
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".parquet.tmp")
    pq.write_table(table, tmp, compression="zstd")
    tmp.replace(target)  # atomic on POSIX, so readers never see half a file
    return target


def read_watermark(conn: psycopg.Connection) -> dt.datetime:
    with conn.cursor() as cur:
        cur.execute("SELECT value FROM job_state WHERE key = %s", (WATERMARK_KEY,))
        row = cur.fetchone()
    if row is None:
        return dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc)
    return dt.datetime.fromisoformat(row[0])


def write_watermark(conn: psycopg.Connection, value: dt.datetime) -> None:
    with conn.cursor() as cur:
        cur.execute(
            """
            INSERT INTO job_state (key, value) VALUES (%s, %s)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
            """,
            (WATERMARK_KEY, value.isoformat()),
        )
    conn.commit()


EXPORTABLE_STATUSES = frozenset({"paid", "shipped", "delivered", "refunded", "partially_refunded"})


def run(args: argparse.Namespace) -> ExportStats:
    stats = ExportStats()
    until = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    with psycopg.connect(args.dsn, autocommit=False) as conn:
        since = args.since or read_watermark(conn)
        log.info("exporting orders updated in (%s, %s]", since.isoformat(), until.isoformat())

        latest = latest_by_id(read_orders(conn, since, until), stats)
        by_day: dict[dt.date, list[Order]] = defaultdict(list)
        for order in latest.values():
            if order.status not in EXPORTABLE_STATUSES:
                stats.skipped_status += 1
                continue
            by_day[order.day].append(order)

        for day in sorted(by_day):
            orders = sorted(by_day[day], key=lambda o: o.id)
            rates = load_rates(conn, day)
            table = to_table(orders, rates, day)
            path = write_partition(table, args.output, day, args.dry_run)
            stats.written += table.num_rows
            stats.by_day[day] += table.num_rows
            log.debug("wrote %s (%d rows)", path, table.num_rows)

        if not args.dry_run:
            write_watermark(conn, until)
    return stats


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(
        level=logging.WARNING - 10 * min(args.verbose, 2),
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
    )
    try:
        stats = run(args)
    except MissingRateError as exc:
        log.error("%s", exc)
        return 2
    except psycopg.OperationalError as exc:
        log.error("database unavailable: %s", exc)
        return 3
    print(json.dumps(stats.as_dict(), indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
