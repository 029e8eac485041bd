package io.tablecast.testkit.archfixture.adapter.in.http;

import io.tablecast.testkit.archfixture.Wiring;
import io.tablecast.testkit.archfixture.adapter.out.tables.Store;

/** An HTTP adapter that reads the root configuration and reaches into a table adapter. */
public record Api(Wiring wiring) {

  Store store() {
    return new Store();
  }
}
