package io.tablecast.testkit.archfixture;

import io.tablecast.testkit.archfixture.adapter.in.http.Api;

/** A deployable's wiring that an adapter depends on in turn: a package cycle through the root. */
public record Wiring(int port) {

  Api api() {
    return new Api(this);
  }
}
