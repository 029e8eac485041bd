/**
 * The typed storage model: one record per entity kind that several modules write or read, each
 * with one codec to and from a property map (SPEC §3).
 *
 * <p>{@code from(properties)} accepts what either side holds: the folds' rows (Instant, Integer,
 * Long) and the SDK's entities (OffsetDateTime for an {@code Edm.DateTime}, Integer or Long for a
 * number); system properties and OData annotations are ignored. A property the map lacks (a
 * projection left it out, or the row predates it) is null in the record. {@code properties()}
 * gives the names and Java types the tables hold, and leaves null components out, so that
 * {@code from(row.properties())} equals {@code row}.
 */
package io.tablecast.hr.tables.rows;
