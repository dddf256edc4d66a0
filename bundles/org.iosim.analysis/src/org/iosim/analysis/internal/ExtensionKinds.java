package org.iosim.analysis.internal;

import java.util.function.Consumer;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.RegistryFactory;
import org.iosim.analysis.IoAnalysisModelKind;

/**
 * Reads the kinds contributed to the extension point {@value #EXTENSION_POINT}. This is the only
 * class that refers to the Eclipse registry, which is an optional dependency: on a plain class path
 * without it, calling {@link #discover} throws {@link NoClassDefFoundError}, which the caller
 * takes to mean "not in Eclipse"; with it but outside a running Eclipse there is no registry and
 * nothing is discovered.
 */
public final class ExtensionKinds {

    public static final String EXTENSION_POINT = "org.iosim.analysis.modelKinds";
    private static final String KIND_ELEMENT = "kind";
    private static final String CLASS_ATTRIBUTE = "class";

    private ExtensionKinds() {
    }

    /**
     * @param kinds    receives each contributed kind
     * @param problems receives a message for each contribution that cannot be used
     */
    public static void discover(Consumer<IoAnalysisModelKind> kinds, Consumer<String> problems) {
        IExtensionRegistry registry = RegistryFactory.getRegistry();
        if (registry == null) {
            return;
        }
        for (IConfigurationElement element : registry.getConfigurationElementsFor(EXTENSION_POINT)) {
            String contributor = element.getContributor().getName();
            if (!KIND_ELEMENT.equals(element.getName())) {
                problems.accept("bundle " + contributor + " contributes an element '" + element.getName() + "' to "
                        + EXTENSION_POINT + ", which only takes '" + KIND_ELEMENT + "'");
                continue;
            }
            String className = element.getAttribute(CLASS_ATTRIBUTE);
            try {
                Object created = element.createExecutableExtension(CLASS_ATTRIBUTE);
                if (created instanceof IoAnalysisModelKind kind) {
                    kinds.accept(kind);
                } else {
                    problems.accept("bundle " + contributor + " contributes " + className + " to " + EXTENSION_POINT
                            + ", which does not implement " + IoAnalysisModelKind.class.getName());
                }
            } catch (CoreException | RuntimeException e) {
                problems.accept("bundle " + contributor + " contributes " + className + " to " + EXTENSION_POINT
                        + ", which cannot be created: " + e.getMessage());
            }
        }
    }
}
