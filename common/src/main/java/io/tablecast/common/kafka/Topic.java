package io.tablecast.common.kafka;

import org.apache.kafka.common.serialization.Serde;

/** A typed topic descriptor: a name with the serdes of its keys and values. */
public record Topic<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde) {}
