package org.iosim.analysis.tests;

/** Contributed through the extension point in this bundle's plugin.xml. */
public final class ExtensionTestKind extends ConstantDelayKind {

	public static final String ID = "test-extension";

	public ExtensionTestKind() {
		super(ID);
	}
}
