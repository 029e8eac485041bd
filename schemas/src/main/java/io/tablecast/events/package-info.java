/**
 * The domain events of the reference HR domain, as plain immutable records.
 *
 * <p>These are what every service works with. The Avro classes generated from {@code .avsc} are
 * only the wire form: {@code io.tablecast.schemas} maps between the two in one place, so no code
 * outside that package touches a mutable generated class.
 */
package io.tablecast.events;
