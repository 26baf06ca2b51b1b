//! What the kernel's IOMMU code prints to its log, one message at a time with the
//! log's own prefix (time stamp, host) already removed: the units each IOMMU driver
//! speaks about, whether Intel's VT-d driver switched DMA remapping on, and the default
//! domain type the IOMMU core chose. `dmesg` turns these into the `os.iommu_*` facts.
//!
//! ```text
//! arm-smmu-v3 arm-smmu-v3.0.auto: ias 48-bit, oas 48-bit (features 0x00000fef)
//! arm-smmu arm-smmu.0.auto: probing hardware configuration...
//! DMAR: dmar0: reg_base_addr fbffc000 ver 1:0 cap 8d2078c106f0466 ecap f020df
//! DMAR: Intel(R) Virtualization Technology for Directed I/O
//! pci 0000:00:00.2: AMD-Vi: Found IOMMU cap 0x40
//! iommu: Default domain type: Passthrough (set via kernel command line)
//! ```
//!
//! Arm's SMMU drivers prefix every message with the driver and the unit's device name
//! (`arm-smmu-v3.N.auto` under ACPI, the device-tree node name otherwise); a unit whose
//! probe failed is reported by the driver core (`arm-smmu-v3: probe of … failed with
//! error N` in older kernels, `arm-smmu-v3 …: probe with driver arm-smmu-v3 failed
//! with error N` in newer ones). AMD-Vi prints `Found IOMMU` once per unit after its
//! set-up (4.x: `AMD-Vi: Found IOMMU at 0000:00:00.2 cap 0x40`). Intel is different:
//! the DMAR table is parsed, and every unit printed as `dmarN: reg_base_addr …`, for
//! interrupt remapping too, even when DMA remapping stays off (intel_iommu=off, or a
//! kernel that leaves it off by default) and nothing appears under /sys/class/iommu.
//! Those units only count once `Intel(R) Virtualization Technology for Directed I/O`
//! (printed when the driver has switched translation on) or `IOMMU enabled`
//! (intel_iommu=on) says so.
//!
//! The default domain line came with the 5.x kernels (4.19 has none); it is printed
//! whether or not any unit exists. A suffix `(set via kernel command line)` follows the type when
//! iommu.passthrough= or iommu=pt chose it; older kernels print a trailing blank when it
//! is absent. Only the type matters here.

/// The drivers whose units perfsage counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Driver {
    ArmSmmuV3,
    ArmSmmu,
    IntelVtd,
    AmdVi,
}

/// Arm's SMMU drivers, as they name themselves in their messages.
const ARM_DRIVERS: [(&str, Driver); 2] = [
    ("arm-smmu-v3", Driver::ArmSmmuV3),
    ("arm-smmu", Driver::ArmSmmu),
];

/// One IOMMU message the facts depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IommuMessage<'a> {
    /// A driver speaks about one of its units, named as the kernel names the device
    /// (`arm-smmu-v3.0.auto`, `dmar0`, `0000:00:00.2`).
    Unit { driver: Driver, name: &'a str },
    /// The driver core gave up on a unit: its probe failed.
    ProbeFailed { name: &'a str },
    /// Intel's driver switched DMA remapping on, or was told to (intel_iommu=on).
    VtdOn,
    /// The IOMMU core's default domain type: `Translated`, `Passthrough`, ….
    DefaultDomain { kind: &'a str },
}

/// What `message` (one kernel log message without its prefix) says about IOMMUs.
pub fn classify(message: &str) -> Option<IommuMessage<'_>> {
    let message = message.trim();
    if let Some(rest) = message.strip_prefix("DMAR: ") {
        return vtd(rest);
    }
    if let Some(rest) = message.strip_prefix("iommu: Default domain type: ") {
        // The type is the first word, whatever suffix follows it.
        let kind = rest.split_whitespace().next()?;
        return Some(IommuMessage::DefaultDomain { kind });
    }
    if let Some(rest) = message.strip_prefix("AMD-Vi: Found IOMMU at ") {
        let name = rest.split_whitespace().next()?;
        return Some(IommuMessage::Unit {
            driver: Driver::AmdVi,
            name,
        });
    }
    let (first, rest) = message.split_once(' ')?;
    if ARM_DRIVERS
        .iter()
        .any(|(name, _)| first.strip_suffix(':') == Some(*name))
    {
        // `arm-smmu-v3: probe of arm-smmu-v3.0.auto failed with error -22`
        let name = rest.strip_prefix("probe of ")?.split_whitespace().next()?;
        return rest
            .contains(" failed with error ")
            .then_some(IommuMessage::ProbeFailed { name });
    }
    let (device, text) = rest.split_once(": ")?;
    if device.contains(char::is_whitespace) {
        return None;
    }
    if text.starts_with("AMD-Vi: Found IOMMU cap ") {
        return Some(IommuMessage::Unit {
            driver: Driver::AmdVi,
            name: device,
        });
    }
    let (_, driver) = ARM_DRIVERS.iter().find(|(name, _)| first == *name)?;
    if text.starts_with("probe with driver ") && text.contains(" failed with error ") {
        return Some(IommuMessage::ProbeFailed { name: device });
    }
    Some(IommuMessage::Unit {
        driver: *driver,
        name: device,
    })
}

/// A `DMAR: …` message: a unit (`dmar0: …`), or DMA remapping switched on.
fn vtd(rest: &str) -> Option<IommuMessage<'_>> {
    if rest == "Intel(R) Virtualization Technology for Directed I/O" || rest == "IOMMU enabled" {
        return Some(IommuMessage::VtdOn);
    }
    let (name, _) = rest.split_once(": ")?;
    let number = name.strip_prefix("dmar")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(
        IommuMessage::Unit {
            driver: Driver::IntelVtd,
            name,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(driver: Driver, name: &str) -> Option<IommuMessage<'_>> {
        Some(IommuMessage::Unit { driver, name })
    }

    #[test]
    fn arm_smmu_messages_name_their_unit() {
        assert_eq!(
            classify("arm-smmu-v3 arm-smmu-v3.1.auto: option mask 0x0"),
            unit(Driver::ArmSmmuV3, "arm-smmu-v3.1.auto")
        );
        assert_eq!(
            classify("arm-smmu-v3 2b400000.iommu: ias 44-bit, oas 44-bit (features 0x00001fef)"),
            unit(Driver::ArmSmmuV3, "2b400000.iommu")
        );
        assert_eq!(
            classify("arm-smmu arm-smmu.0.auto: probing hardware configuration..."),
            unit(Driver::ArmSmmu, "arm-smmu.0.auto")
        );
        // The SMMUv3 performance monitor is another driver, not a unit.
        assert_eq!(
            classify("arm-smmu-v3-pmcg arm-smmu-v3-pmcg.0.auto: option mask 0x0"),
            None
        );
        // The firmware table describes units; it does not register them.
        assert_eq!(
            classify("ACPI: IORT: SMMU-v3[100000000] Mapped to Proximity domain 0"),
            None
        );
    }

    #[test]
    fn failed_probes_in_both_driver_core_wordings() {
        assert_eq!(
            classify("arm-smmu-v3: probe of arm-smmu-v3.0.auto failed with error -22"),
            Some(IommuMessage::ProbeFailed {
                name: "arm-smmu-v3.0.auto"
            })
        );
        assert_eq!(
            classify(
                "arm-smmu-v3 arm-smmu-v3.0.auto: probe with driver arm-smmu-v3 failed with error -22"
            ),
            Some(IommuMessage::ProbeFailed {
                name: "arm-smmu-v3.0.auto"
            })
        );
        assert_eq!(classify("arm-smmu-v3: probe of x deferred"), None);
    }

    #[test]
    fn intel_units_and_remapping() {
        assert_eq!(
            classify("DMAR: dmar1: reg_base_addr c5ffc000 ver 1:0 cap 8d2078c106f0466 ecap f020df"),
            unit(Driver::IntelVtd, "dmar1")
        );
        assert_eq!(
            classify("DMAR: Intel(R) Virtualization Technology for Directed I/O"),
            Some(IommuMessage::VtdOn)
        );
        assert_eq!(classify("DMAR: IOMMU enabled"), Some(IommuMessage::VtdOn));
        assert_eq!(classify("DMAR: Host address width 46"), None);
        assert_eq!(
            classify("DMAR: DRHD base: 0x000000fbffc000 flags: 0x0"),
            None
        );
        assert_eq!(
            classify("DMAR-IR: Enabled IRQ remapping in x2apic mode"),
            None
        );
    }

    #[test]
    fn amd_units_old_and_new() {
        assert_eq!(
            classify("pci 0000:00:00.2: AMD-Vi: Found IOMMU cap 0x40"),
            unit(Driver::AmdVi, "0000:00:00.2")
        );
        assert_eq!(
            classify("AMD-Vi: Found IOMMU at 0000:00:00.2 cap 0x40"),
            unit(Driver::AmdVi, "0000:00:00.2")
        );
        assert_eq!(
            classify("pci 0000:00:00.2: AMD-Vi: Extended features (0x58f77ef22294a5a):"),
            None
        );
    }

    #[test]
    fn default_domain_with_and_without_the_suffix() {
        assert_eq!(
            classify("iommu: Default domain type: Translated "),
            Some(IommuMessage::DefaultDomain { kind: "Translated" })
        );
        assert_eq!(
            classify("iommu: Default domain type: Passthrough (set via kernel command line)"),
            Some(IommuMessage::DefaultDomain {
                kind: "Passthrough"
            })
        );
        assert_eq!(
            classify("iommu: DMA domain TLB invalidation policy: lazy mode"),
            None
        );
    }
}
